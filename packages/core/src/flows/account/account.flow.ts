import { defineFlow } from '../flow.js'

/**
 * The Account view (SPEC §2): the connected account's balances and its Tokens, NFTs and
 * Activity tabs, read while it is on show. Receive starts no flow: it reads the connection.
 */
export const accountFlow = defineFlow({
  id: 'account',
  views: ['Account'],
  load: () => import('./account.runtime.js').then((m) => m.accountRuntime),
  host: () => ({}),
  messages: ['view.Account.'],
})
