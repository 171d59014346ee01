import type { ActorRefFrom } from 'xstate'
import type { FlowRuntime } from '../flow.js'
import { accountRunMachine } from './account.machine.js'

/** The Account view's run, while it is on show. */
export type AccountRefs = { readonly account?: ActorRefFrom<typeof accountRunMachine> }

/** The Account flow's runtime part. */
export const accountRuntime: FlowRuntime<AccountRefs, Record<never, never>> = ({ port }) => ({
  services: {},
  start: ({ spawn }) => ({
    account: spawn(accountRunMachine, {
      systemId: 'account',
      input: { accountData: port.accountData, balance: port.balance },
    }),
  }),
})
