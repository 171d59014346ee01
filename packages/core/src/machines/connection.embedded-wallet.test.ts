import { describe, expect, it } from 'vitest'
import { ADDRESS_A, connected, injected, result, start } from '../test/connection-harness.js'
import { flush } from '../test/deferred.js'
import { sameAccountState, selectAccountState } from './connection.selectors.js'
import type { ConnectorInfo, ConnectWalletOutput, EmbeddedWallet } from './connection.types.js'

/*
 * SPEC §3 `embeddedWalletInfo`: the AUTH connection carries who logged in, so the account state
 * the host sees is built from the connection machine's snapshot alone.
 */

const auth: ConnectorInfo = { id: 'auth', type: 'AUTH', name: 'Email' }
const emailLogin: EmbeddedWallet = { authProvider: 'email', user: { email: 'ada@example.com' } }
const withLogin = (embeddedWallet: EmbeddedWallet): ConnectWalletOutput => ({
  ...result('auth', ADDRESS_A, '31337'),
  embeddedWallet,
})
const accountOf = (t: ReturnType<typeof start>) => selectAccountState(t.actor.getSnapshot())

describe('connection machine: the embedded wallet (SPEC §3 embeddedWalletInfo)', () => {
  it('shows an email login as an EOA with its email', async () => {
    const t = await connected({ connect: async () => withLogin(emailLogin) }, auth)
    expect(accountOf(t).embeddedWalletInfo).toEqual({
      user: { email: 'ada@example.com' },
      authProvider: 'email',
      accountType: 'eoa',
      isSmartAccountDeployed: false,
    })
  })

  it("shows a social login's provider and username", async () => {
    const farcaster: EmbeddedWallet = { authProvider: 'farcaster', user: { username: 'ada' } }
    const t = await connected({ connect: async () => withLogin(farcaster) }, auth)
    expect(accountOf(t).embeddedWalletInfo).toMatchObject({
      user: { username: 'ada' },
      authProvider: 'farcaster',
    })
  })

  it('is absent for any other wallet, and once the embedded wallet is disconnected', async () => {
    const other = await connected()
    expect(accountOf(other)).not.toHaveProperty('embeddedWalletInfo')

    const t = await connected({ connect: async () => withLogin(emailLogin) }, auth)
    t.actor.send({ type: 'DISCONNECT' })
    await flush()
    expect(accountOf(t)).toEqual({ allAccounts: [], isConnected: false, status: 'disconnected' })
  })

  it('is carried by a reconnect on load too', async () => {
    const t = start({ reconnect: async () => withLogin(emailLogin) })
    t.actor.send({
      type: 'RECONNECT',
      remembered: [{ namespace: 'eip155', connectorId: 'auth', connector: auth }],
      disconnectedConnectorIds: [],
    })
    await flush()
    expect(accountOf(t).embeddedWalletInfo?.user).toEqual({ email: 'ada@example.com' })
  })

  it('EMBEDDED_WALLET_CHANGED (an email update) shows the new email; an unknown connector changes nothing', async () => {
    const t = await connected({ connect: async () => withLogin(emailLogin) }, auth)
    const moved: EmbeddedWallet = { authProvider: 'email', user: { email: 'ada@new.example' } }
    t.actor.send({ type: 'EMBEDDED_WALLET_CHANGED', connectorId: 'auth', embeddedWallet: moved })
    expect(accountOf(t).embeddedWalletInfo?.user).toEqual({ email: 'ada@new.example' })

    const before = t.actor.getSnapshot().context
    t.actor.send({
      type: 'EMBEDDED_WALLET_CHANGED',
      connectorId: injected.id,
      embeddedWallet: moved,
    })
    expect(t.actor.getSnapshot().context).toBe(before)
  })
})

describe('sameAccountState: embeddedWalletInfo by value', () => {
  it('equal for two states built apart, different once the email or provider differs', async () => {
    const t = await connected({ connect: async () => withLogin(emailLogin) }, auth)
    const first = accountOf(t)
    const again = accountOf(t)
    expect(again.embeddedWalletInfo).not.toBe(first.embeddedWalletInfo)
    expect(sameAccountState(first, again)).toBe(true)

    const info = first.embeddedWalletInfo!
    const other = (change: Partial<typeof info>) => ({
      ...first,
      embeddedWalletInfo: { ...info, ...change },
    })
    expect(sameAccountState(first, other({ user: { email: 'eve@example.com' } }))).toBe(false)
    expect(sameAccountState(first, other({ user: { ...info.user, username: 'ada' } }))).toBe(false)
    expect(sameAccountState(first, other({ authProvider: 'google' }))).toBe(false)
    expect(sameAccountState(first, other({ isSmartAccountDeployed: true }))).toBe(false)
    const { embeddedWalletInfo: _, ...withoutInfo } = first
    expect(sameAccountState(first, withoutInfo)).toBe(false)
  })
})
