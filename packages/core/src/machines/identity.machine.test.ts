import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { AccountProfile } from '../clients/account-client.js'
import { balanceTarget } from '../balances/balance-rules.js'
import { defineNetwork, type Network } from '../network/network.js'
import { flush } from '../test/deferred.js'
import { devnetA, solanaLocal } from '../testing/networks.js'
import { identityMachine, type IdentityEmitted, type IdentityRequest } from './identity.machine.js'

const target = (network: Network, namespace = network.chainNamespace, address = '0xa') =>
  balanceTarget({
    namespace,
    connectorId: 'w',
    address,
    chainReference: String(network.id),
    network,
  })

function start(answer: (request: IdentityRequest) => Promise<AccountProfile>) {
  const asked: string[] = []
  const actor = createActor(
    identityMachine.provide({
      actors: {
        lookup: fromPromise<AccountProfile, IdentityRequest>(({ input }) => {
          asked.push(input.address)
          return answer(input)
        }),
      },
    }),
  )
  const profiles: IdentityEmitted[] = []
  actor.on('profile', (event) => profiles.push(event))
  actor.start()
  return { actor, asked, profiles }
}

describe('identity machine (SPEC §7)', () => {
  it("emits the account's name and avatar on an EVM non-test network", async () => {
    const { actor, profiles } = start(async () => ({ name: 'alice.eth', avatar: null }))
    actor.send({ type: 'TARGET', target: target(devnetA) })
    await flush()
    expect(profiles).toEqual([
      {
        type: 'profile',
        namespace: 'eip155',
        data: { profileName: 'alice.eth', profileImage: undefined },
      },
    ])
  })

  it.each([
    ['a testnet', target(defineNetwork({ ...devnetA, testnet: true }))],
    ['another namespace', target(solanaLocal)],
  ])('looks nothing up on %s, and clears the profile', async (_, on) => {
    const { actor, asked, profiles } = start(async () => ({ name: 'x', avatar: null }))
    actor.send({ type: 'TARGET', target: on })
    await flush()
    expect(asked).toEqual([])
    expect(profiles.map((p) => p.data)).toEqual([
      { profileName: undefined, profileImage: undefined },
    ])
  })

  it('never lets a late answer for the last account land on the new one', async () => {
    let answerFirst: (profile: AccountProfile) => void = () => undefined
    const { actor, profiles } = start(({ address }) =>
      address === '0xa'
        ? new Promise((resolve) => (answerFirst = resolve))
        : Promise.resolve({ name: 'bob.eth', avatar: null }),
    )
    actor.send({ type: 'TARGET', target: target(devnetA, 'eip155', '0xa') })
    actor.send({ type: 'TARGET', target: target(devnetA, 'eip155', '0xb') })
    answerFirst({ name: 'alice.eth', avatar: null })
    await flush()
    expect(profiles.map((p) => p.data.profileName)).toEqual(['bob.eth'])
  })

  it('clears both when the lookup fails', async () => {
    const { actor, profiles } = start(() => Promise.reject(new Error('down')))
    actor.send({ type: 'TARGET', target: target(devnetA) })
    await flush()
    expect(profiles.map((p) => p.data)).toEqual([
      { profileName: undefined, profileImage: undefined },
    ])
  })
})
