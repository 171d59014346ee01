import { once } from 'node:events'
import { createServer } from 'node:net'
import { address, type Address } from '@solana/kit'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  LAMPORTS_PER_SOL,
  SOLANA_DEVNET_ACCOUNT_BALANCE_SOL,
  solanaDevnetAccounts,
} from './accounts.js'
import { startSolanaDevnet, type SolanaDevnet } from './devnet.js'
import { solanaDevnetNetwork } from './network.js'
import { kitClients } from './test/kit.js'
import { TEST_SPL_TOKEN, TEST_TOKEN_2022 } from './tokens.js'

const started: SolanaDevnet[] = []
async function start(...args: Parameters<typeof startSolanaDevnet>): Promise<SolanaDevnet> {
  const devnet = await startSolanaDevnet(...args)
  started.push(devnet)
  return devnet
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((devnet) => devnet.stop()))
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

type ParsedTokenAccount = {
  pubkey: Address
  account: {
    data: { program: string; parsed: { info: { mint: string; tokenAmount: { amount: string } } } }
  }
}

describe('startSolanaDevnet', () => {
  it('serves solana:localnet on 127.0.0.1 with the fixed, funded accounts', async () => {
    const devnet = await start()
    expect(devnet.chain).toBe('solana:localnet')
    expect(devnet.rpcUrl).toBe(`http://127.0.0.1:${devnet.port}`)
    expect(devnet.wsUrl).toBe(`ws://127.0.0.1:${devnet.port}`)
    expect(devnet.readyInMs).toBeGreaterThan(0)
    expect(devnet.accounts.map((account) => account.address)).toEqual(
      solanaDevnetAccounts().map((account) => account.address),
    )
    const { rpc } = kitClients(devnet)
    const full = BigInt(SOLANA_DEVNET_ACCOUNT_BALANCE_SOL) * LAMPORTS_PER_SOL
    for (const account of devnet.accounts.slice(1)) {
      expect((await rpc.getBalance(account.address).send()).value).toBe(full)
    }
    // Account 0 paid for setting up the mints: fees and their accounts' rent.
    const payer = (await rpc.getBalance(devnet.accounts[0]!.address).send()).value
    expect(payer).toBeLessThan(full)
    expect(payer).toBeGreaterThan(full - LAMPORTS_PER_SOL)
    expect(await rpc.getGenesisHash().send()).toBe(devnet.genesisHash)
    expect(solanaDevnetNetwork(devnet)).toEqual({
      id: 'localnet',
      caipNetworkId: 'solana:localnet',
      chainNamespace: 'solana',
      name: 'Latch Solana Localnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [devnet.rpcUrl], webSocket: [devnet.wsUrl] } },
    })
  })

  it.each([
    ['SPL Token', 'mint', TEST_SPL_TOKEN, 'spl-token'],
    ['Token-2022', 'token2022Mint', TEST_TOKEN_2022, 'spl-token-2022'],
  ] as const)(
    'creates the %s mint and its holders’ token accounts',
    async (_name, key, token, program) => {
      const devnet = await start()
      const mint = devnet[key]
      expect(mint).toMatchObject({ address: token.address, decimals: token.decimals })
      expect(mint.tokenAccounts.map((account) => account.owner)).toEqual(token.holders)
      const { rpc } = kitClients(devnet)

      const info = await rpc
        .getAccountInfo(address(token.address), { encoding: 'jsonParsed' })
        .send()
      expect(info.value?.owner).toBe(token.programAddress)
      expect(info.value?.data).toMatchObject({
        program,
        parsed: {
          type: 'mint',
          info: {
            decimals: token.decimals,
            supply: String(token.amountPerHolder * 3n),
            mintAuthority: devnet.accounts[0]!.address,
            freezeAuthority: null,
            isInitialized: true,
          },
        },
      })

      for (const { owner, address: tokenAccount } of mint.tokenAccounts) {
        const { value } = await rpc
          .getTokenAccountsByOwner(owner, { mint: token.address }, { encoding: 'jsonParsed' })
          .send()
        const accounts = value as unknown as ParsedTokenAccount[]
        expect(accounts.map((entry) => entry.pubkey)).toEqual([tokenAccount])
        expect(accounts[0]!.account.data.parsed.info.tokenAmount.amount).toBe(
          String(token.amountPerHolder),
        )
      }
      // Accounts 3 and 4 hold none: a wallet test gets a holder and a non-holder.
      const { value: none } = await rpc
        .getTokenAccountsByOwner(
          devnet.accounts[3]!.address,
          { programId: token.programAddress },
          { encoding: 'jsonParsed' },
        )
        .send()
      expect(none).toEqual([])
    },
  )

  it('listens on LATCH_SOLANA_PORT, and the port option wins over it', async () => {
    const port = await freePort()
    const pinned = await start({ env: { LATCH_SOLANA_PORT: String(port) } })
    expect(pinned.port).toBe(port)
    expect(pinned.rpcUrl).toBe(`http://127.0.0.1:${port}`)
    const other = await freePort()
    const explicit = await start({ port: other, env: { LATCH_SOLANA_PORT: String(port) } })
    expect(explicit.port).toBe(other)
  })

  it('refuses a LATCH_SOLANA_PORT that is not a port, and a port that is taken', async () => {
    await expect(startSolanaDevnet({ env: { LATCH_SOLANA_PORT: 'eighty' } })).rejects.toThrow(
      "LATCH_SOLANA_PORT must be a TCP port (1-65535), got 'eighty'",
    )
    const first = await start()
    await expect(startSolanaDevnet({ port: first.port })).rejects.toThrow(/EADDRINUSE/)
    await expect(startSolanaDevnet({ slotIntervalMs: 0 })).rejects.toThrow(
      'slotIntervalMs must be a positive number of milliseconds, got 0',
    )
  })

  it('stop() frees the port, closes sockets and can be called twice', async () => {
    const devnet = await start()
    const socket = new WebSocket(devnet.wsUrl)
    await once(socket, 'open')
    const closed = once(socket, 'close')
    await Promise.all([devnet.stop(), devnet.stop()])
    await closed
    await expect(fetch(`${devnet.rpcUrl}/health`)).rejects.toThrow()
    // The port is free again: a new devnet can take it.
    const again = await start({ port: devnet.port })
    expect(again.port).toBe(devnet.port)
  })

  it('starts independent chains: what lands on one is not on another', async () => {
    const [one, two] = await Promise.all([start(), start()])
    const recipient = solanaDevnetAccounts()[4]!.address
    await kitClients(one)
      .rpc.requestAirdrop(recipient, 5n as never)
      .send()
    const balanceOne = (await kitClients(one).rpc.getBalance(recipient).send()).value
    const balanceTwo = (await kitClients(two).rpc.getBalance(recipient).send()).value
    expect(balanceOne - balanceTwo).toBe(5n)
  })
})
