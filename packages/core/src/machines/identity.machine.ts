import { assign, emit, fromPromise, setup } from 'xstate'
import type { AccountProfile } from '../clients/account-client.js'
import type { BalanceTarget } from '../balances/balance-rules.js'
import type { ChainNamespace } from '../identifiers/types.js'
import type { AccountData } from './connection.types.js'
import { isTestnet, type Network } from '../network/network.js'

/** One identity lookup: whose, and on which network (SPEC §7 sends the CAIP-2 id). */
export interface IdentityRequest {
  address: string
  network: Network
}

export type IdentityEvent =
  /** The current account or its network changed (the root's listener tells). */
  { type: 'TARGET'; target: BalanceTarget | undefined }

export type IdentityEmitted =
  /** The name and avatar to show for `namespace`'s account (both absent: cleared). */
  { type: 'profile'; namespace: ChainNamespace; data: AccountData }

export interface IdentityContext {
  target?: BalanceTarget
}

/**
 * SPEC §7: the identity lookup runs for the EVM namespace on non-test networks only; elsewhere
 * the account has no name from it. A network the wallet is not on is not looked up either.
 */
export function isIdentityTarget(
  target: BalanceTarget | undefined,
): target is BalanceTarget & { network: Network } {
  return (
    target?.namespace === 'eip155' &&
    !!target.network &&
    !isTestnet(target.network) &&
    String(target.network.id) === target.chainReference
  )
}

const cleared = (target: BalanceTarget) => ({
  type: 'profile' as const,
  namespace: target.namespace,
  data: { profileName: undefined, profileImage: undefined },
})

/**
 * The current account's name and avatar (SPEC §3 profileName, profileImage), shown by the
 * Account header. A new target restarts the lookup and stops the old one, so a late answer for
 * another account never lands. The lookup itself (identity, then the name service, else both
 * cleared, cached 5 min) is the `lookup` actor, which the instance provides from its server;
 * without a server there is nothing to look up and the profile stays cleared.
 */
export const identityMachine = setup({
  types: {
    context: {} as IdentityContext,
    events: {} as IdentityEvent,
    emitted: {} as IdentityEmitted,
  },
  actors: {
    lookup: fromPromise<AccountProfile, IdentityRequest>(async () => ({
      name: null,
      avatar: null,
    })),
  },
  guards: {
    isLookedUp: ({ event }) => isIdentityTarget(event.target),
  },
  actions: {
    assignTarget: assign(({ event }) => ({ target: event.target })),
    clear: emit(({ event }) => cleared(event.target!)),
  },
}).createMachine({
  id: 'identity',
  context: {},
  initial: 'idle',
  on: {
    TARGET: [
      { guard: 'isLookedUp', target: '.looking', actions: 'assignTarget' },
      // Another namespace, a testnet, or nothing connected: no name from the lookup.
      {
        guard: ({ event }) => event.target !== undefined,
        target: '.idle',
        actions: ['assignTarget', 'clear'],
      },
      { target: '.idle', actions: 'assignTarget' },
    ],
  },
  states: {
    idle: {},
    looking: {
      invoke: {
        src: 'lookup',
        input: ({ context }) => ({
          address: context.target!.address,
          network: context.target!.network!,
        }),
        onDone: {
          target: 'idle',
          actions: emit(({ context, event }) => ({
            type: 'profile' as const,
            namespace: context.target!.namespace,
            data: {
              profileName: event.output.name ?? undefined,
              profileImage: event.output.avatar ?? undefined,
            },
          })),
        },
        // The client never rejects but when cancelled; anything else clears both (SPEC §7).
        onError: {
          target: 'idle',
          actions: emit(({ context }) => cleared(context.target!)),
        },
      },
    },
  },
})
