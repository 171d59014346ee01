import type { SnapshotFrom } from 'xstate'
import type { FrameApproval } from '../../auth/auth-frame.js'
import type { approvalsMachine } from './approvals.machine.js'

export type ApprovalsSnapshot = SnapshotFrom<typeof approvalsMachine>

/** The request waiting for the visitor's approval in the secure frame, if any. */
export const selectApproval = (
  snapshot: ApprovalsSnapshot | undefined,
): FrameApproval | undefined => snapshot?.context.approval
