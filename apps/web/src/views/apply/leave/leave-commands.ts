import { LEAVE_COMMANDS } from '@schoolflow/workflows';

/** Leave's commands, for the screens that still name them one by one (buttons, titles). */
export type LeaveCommand = (typeof LEAVE_COMMANDS)[number];

export function isLeaveCommand(type: string): type is LeaveCommand {
  return (LEAVE_COMMANDS as readonly string[]).includes(type);
}
