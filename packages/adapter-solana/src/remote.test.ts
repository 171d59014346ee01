import './test/window.js'
import { solanaDevnetAccounts } from '@latch/solana-devnet'
import { afterEach, describe, expect, it } from 'vitest'
import {
  solanaAdapter,
  solanaDevnet,
  SOLANA_MAINNET_REFERENCE,
  type SolanaAdapter,
} from './index.js'
import { localnet, recordEvents, registerTestWallet } from './test/harness.js'
import { accountAnswers, fakeRemote, RpcError, signingAnswers } from './test/remote-provider.js'

const adapters: SolanaAdapter[] = []
afterEach(() => adapters.splice(0).forEach((adapter) => adapter.destroy()))

function started() {
  const adapter = solanaAdapter()
  adapters.push(adapter)
  return adapter
}

const WC = 'walletConnect'
const [, account1, account2] = solanaDevnetAccounts()

describe('a WalletConnect session lent to the adapter (setRemoteProvider)', () => {
  it('connects with solana_requestAccounts, on the network asked for', async () => {
    const adapter = started()
    const remote = fakeRemote(accountAnswers([account1!.address]))
    adapter.setRemoteProvider!(WC, remote.provider)
    const result = await adapter.connect({ connectorId: WC, network: localnet })
    expect(result).toEqual({
      connectorId: WC,
      accounts: [{ address: account1!.address, type: 'eoa' }],
      chainReference: 'localnet',
    })
    expect(remote.calls.map((call) => call.method)).toEqual(['solana_requestAccounts'])
    // Known since connect: no second request.
    expect(await adapter.getAccounts({ connectorId: WC })).toEqual(result.accounts)
    expect(remote.calls).toHaveLength(1)
  })

  it('without a network, takes the chain a switch recorded, else mainnet', async () => {
    const switched = started()
    switched.setRemoteProvider!(WC, fakeRemote(accountAnswers([account1!.address])).provider)
    await switched.switchNetwork({ connectorId: WC, network: localnet })
    expect((await switched.connect({ connectorId: WC })).chainReference).toBe('localnet')

    const fresh = started()
    fresh.setRemoteProvider!(WC, fakeRemote(accountAnswers([account1!.address])).provider)
    expect((await fresh.connect({ connectorId: WC })).chainReference).toBe(SOLANA_MAINNET_REFERENCE)
  })

  it('a session taken back while its wallet answered does not connect', async () => {
    const adapter = started()
    let answer!: (accounts: unknown) => void
    const remote = fakeRemote({
      solana_requestAccounts: () => new Promise((resolve) => (answer = resolve)),
    })
    adapter.setRemoteProvider!(WC, remote.provider)
    const connecting = adapter.connect({ connectorId: WC })
    await expect.poll(() => remote.calls.length).toBe(1)
    adapter.setRemoteProvider!(WC, undefined)
    answer([{ pubkey: account1!.address }])
    await expect(connecting).rejects.toThrow('Provider not found.')
    expect(remote.count()).toBe(0)
  })

  it('keeps only SPEC §5 Solana addresses from the answer, each once', async () => {
    const adapter = started()
    const remote = fakeRemote({
      solana_requestAccounts: () => [
        { pubkey: account1!.address },
        { pubkey: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        { pubkey: account1!.address },
        { nope: account2!.address },
      ],
    })
    adapter.setRemoteProvider!(WC, remote.provider)
    const { accounts } = await adapter.connect({ connectorId: WC })
    expect(accounts).toEqual([{ address: account1!.address, type: 'eoa' }])
    // A malformed answer lists no account (core reads that as "not connected").
    const odd = started()
    odd.setRemoteProvider!(WC, fakeRemote({ solana_requestAccounts: () => 'yes' }).provider)
    expect((await odd.connect({ connectorId: WC })).accounts).toEqual([])
  })

  it('throws the wallet’s own error when it refuses', async () => {
    const adapter = started()
    adapter.setRemoteProvider!(
      WC,
      fakeRemote({
        solana_requestAccounts: () => {
          throw new RpcError(4001, 'User rejected the request.')
        },
      }).provider,
    )
    await expect(adapter.connect({ connectorId: WC })).rejects.toMatchObject({ code: 4001 })
  })

  it('reconnects silently with solana_getAccounts: null when the session lists none', async () => {
    const adapter = started()
    const remote = fakeRemote(accountAnswers([account2!.address]))
    adapter.setRemoteProvider!(WC, remote.provider)
    const result = await adapter.reconnect({ connectorId: WC })
    expect(result?.accounts).toEqual([{ address: account2!.address, type: 'eoa' }])
    expect(remote.calls.map((call) => call.method)).toEqual(['solana_getAccounts'])

    const empty = started()
    empty.setRemoteProvider!(WC, fakeRemote(accountAnswers([])).provider)
    expect(await empty.reconnect({ connectorId: WC })).toBeNull()
  })

  it('reports the session’s events once connected, and ignores malformed ones', async () => {
    const adapter = started()
    const events = recordEvents(adapter)
    const remote = fakeRemote(accountAnswers([account1!.address]))
    adapter.setRemoteProvider!(WC, remote.provider)
    remote.fire('accountsChanged', [account2!.address])
    expect(events).toEqual([])

    await adapter.connect({ connectorId: WC, network: localnet })
    remote.fire('accountsChanged', [account2!.address, 42])
    remote.fire('chainChanged', 'not a reference!')
    remote.fire('chainChanged', 'EtWTRABZaYq6iMfeYKouRu166VoYxqDE')
    remote.fire('disconnect', { code: 4900 })
    expect(events).toEqual([
      {
        type: 'accountsChanged',
        connectorId: WC,
        accounts: [{ address: account2!.address, type: 'eoa' }],
      },
      { type: 'chainChanged', connectorId: WC, chainReference: 'EtWTRABZaYq6iMfeYKouRu166VoYxqDE' },
      { type: 'disconnect', connectorId: WC },
    ])
    expect(await adapter.getAccounts({ connectorId: WC })).toEqual([
      { address: account2!.address, type: 'eoa' },
    ])
  })

  it('switching records the chain and reports it, as for Wallet Standard', async () => {
    const adapter = started()
    const events = recordEvents(adapter)
    const remote = fakeRemote(accountAnswers([account1!.address]))
    adapter.setRemoteProvider!(WC, remote.provider)
    await adapter.connect({ connectorId: WC, network: localnet })
    await adapter.switchNetwork({ connectorId: WC, network: solanaDevnet })
    const devnetReference = solanaDevnet.caipNetworkId.slice('solana:'.length)
    expect(events).toEqual([
      { type: 'chainChanged', connectorId: WC, chainReference: devnetReference },
    ])
    expect(remote.calls.map((call) => call.method)).toEqual(['solana_requestAccounts'])
  })

  it('disconnect forgets without asking the wallet: no more events, signing refused', async () => {
    const adapter = started()
    const events = recordEvents(adapter)
    const remote = fakeRemote(await signingAnswers(account1!))
    adapter.setRemoteProvider!(WC, remote.provider)
    await adapter.connect({ connectorId: WC })
    await adapter.disconnect({ connectorId: WC })
    remote.fire('accountsChanged', [account2!.address])
    expect(events).toEqual([])
    expect(remote.calls.map((call) => call.method)).toEqual(['solana_requestAccounts'])
    await expect(
      adapter.signMessage({ connectorId: WC, address: account1!.address, message: 'hi' }),
    ).rejects.toThrow(`Account ${account1!.address} not found for connector ${WC}`)
  })

  it('taken back: listeners removed, and calls fail as "Provider not found."', async () => {
    const adapter = started()
    const remote = fakeRemote(accountAnswers([account1!.address]))
    adapter.setRemoteProvider!(WC, remote.provider)
    await adapter.connect({ connectorId: WC })
    expect(remote.count()).toBeGreaterThan(0)
    adapter.setRemoteProvider!(WC, undefined)
    expect(remote.count()).toBe(0)
    await expect(adapter.connect({ connectorId: WC })).rejects.toThrow('Provider not found.')
    await expect(adapter.getAccounts({ connectorId: WC })).rejects.toThrow('Provider not found.')
  })

  it('a lent id goes to the session, not to a Wallet Standard wallet of that name', async () => {
    const wallet = await registerTestWallet({ label: 'shadowed' })
    const adapter = started()
    adapter.watchConnectors(() => undefined)
    const remote = fakeRemote(accountAnswers([account2!.address]))
    adapter.setRemoteProvider!(wallet.name, remote.provider)
    const { accounts } = await adapter.connect({ connectorId: wallet.name })
    expect(accounts).toEqual([{ address: account2!.address, type: 'eoa' }])
    adapter.setRemoteProvider!(wallet.name, undefined)
    const own = await adapter.connect({ connectorId: wallet.name })
    expect(own.accounts).toEqual([{ address: account1!.address, type: 'eoa' }])
  })
})

describe('signing a message through the session', () => {
  it('sends solana_signMessage { message: base58 of the UTF-8 bytes, pubkey }, returns base58', async () => {
    const adapter = started()
    const remote = fakeRemote({
      ...accountAnswers([account1!.address]),
      solana_signMessage: () => ({ signature: '1'.repeat(64) }),
    })
    adapter.setRemoteProvider!(WC, remote.provider)
    await adapter.connect({ connectorId: WC })
    const signature = await adapter.signMessage({
      connectorId: WC,
      address: account1!.address,
      message: 'hi',
    })
    // 64 zero bytes are 64 '1's in base58: the answer is decoded, checked and re-encoded.
    expect(signature).toBe('1'.repeat(64))
    // 'hi' is 0x6869, which is "8wr" in base58.
    expect(remote.calls[1]).toEqual({
      method: 'solana_signMessage',
      params: { message: '8wr', pubkey: account1!.address },
    })
  })

  it('refuses an answer that is no 64-byte base58 signature: "The wallet did not return a signature"', async () => {
    for (const answer of [{}, { signature: 'not base58 0OIl' }, { signature: '1'.repeat(32) }]) {
      const adapter = started()
      adapter.setRemoteProvider!(
        WC,
        fakeRemote({ ...accountAnswers([account1!.address]), solana_signMessage: () => answer })
          .provider,
      )
      await adapter.connect({ connectorId: WC })
      await expect(
        adapter.signMessage({ connectorId: WC, address: account1!.address, message: 'x' }),
      ).rejects.toThrow('The wallet did not return a signature')
    }
  })
})
