/** 消息中心 (messageCenter/xxzx): the boxes, counters and compose form of messages/message-centre-view.tsx. */
export { default } from '../../../messages/message-centre-view.js';
