/** 站内信 (qt_app/znx): the phone-sized messages page of messages/mobile-messages-view.tsx. */
export { default } from '../../../messages/mobile-messages-view.js';
