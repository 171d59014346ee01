import { fromCallback, sendTo, setup } from 'xstate'
import type { LatchChildren } from '../children.js'
import type { FlowControlEvent } from '../flow.js'
import type { BalanceActor } from '../port.js'

/** What an Account run is started with: the tabs' machine and the balance reader. */
export interface AccountRunInput {
  readonly accountData: LatchChildren['accountData']
  readonly balance: BalanceActor
}

/**
 * The Account view's run: its tabs read while it is on show (machines/account-data.machine.ts;
 * the view, or a host without one, picks tabs and pages on that machine directly), and its
 * Tokens tab reads the balances again, through the 30 s caches (SPEC §9), or past them when a
 * send just spent them (the balance reader keeps a fresh read fresh). Retry asks the tabs again.
 */
export const accountRunMachine = setup({
  types: {
    input: {} as AccountRunInput,
    context: {} as AccountRunInput,
    events: {} as FlowControlEvent,
  },
  actors: {
    /** The tabs stop reading when the run stops (the view left, the modal closed). */
    hideOnStop: fromCallback<FlowControlEvent, LatchChildren['accountData']>(
      ({ input }) =>
        () =>
          input.send({ type: 'HIDE' }),
    ),
  },
  actions: {
    showTabs: sendTo(({ context }) => context.accountData, { type: 'SHOW' }),
    readBalance: sendTo(({ context }) => context.balance, { type: 'READ' }),
    retryTabs: sendTo(({ context }) => context.accountData, { type: 'RETRY' }),
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => input,
  entry: ['showTabs', 'readBalance'],
  invoke: { src: 'hideOnStop', input: ({ context }) => context.accountData },
  on: { RETRY: { actions: 'retryTabs' } },
})
