import { describe, expect, it } from 'vitest'
import { BITCOIN_DEVNET_FUNDING, bitcoinDevnetAccounts } from './accounts.js'
import { startBitcoinDevnet } from './devnet.js'
import { bitcoinRegtestNetwork } from './network.js'
import { balance, getJson, request, useDevnets, utxos } from './test/api.js'
import { freePort } from './test/ports.js'

const start = useDevnets()

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

describe('startBitcoinDevnet', () => {
  it('serves regtest on 127.0.0.1 with every account funded in block 1', async () => {
    const devnet = await start()
    expect(devnet.url).toBe(`http://127.0.0.1:${devnet.port}`)
    expect(devnet.esploraUrl).toBe(`${devnet.url}/api`)
    expect(devnet.chain).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(devnet.genesisHash.startsWith(devnet.chain.slice('bip122:'.length))).toBe(true)
    expect(devnet.readyInMs).toBeGreaterThanOrEqual(0)
    expect(devnet.accounts).toEqual(bitcoinDevnetAccounts())
    expect((await request(devnet, '/api/blocks/tip/height')).text).toBe('1')
    for (const account of devnet.accounts) {
      for (const purpose of ['payment', 'ordinals'] as const) {
        const coins = await utxos(devnet, account[purpose].address)
        expect(coins.map((coin) => coin.value)).toEqual(BITCOIN_DEVNET_FUNDING[purpose])
        expect(coins.every((coin) => coin.status.confirmed)).toBe(true)
        expect(await balance(devnet, account[purpose].address)).toBe(
          sum(BITCOIN_DEVNET_FUNDING[purpose]),
        )
      }
    }
  })

  it('describes itself as core’s Network: bip122, BTC with 8 decimals, the Esplora URL', async () => {
    const devnet = await start()
    expect(bitcoinRegtestNetwork(devnet)).toEqual({
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      chainNamespace: 'bip122',
      name: 'Latch Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: [devnet.esploraUrl] } },
    })
    expect(bitcoinRegtestNetwork().rpcUrls.default.http).toEqual(['http://127.0.0.1:3002/api'])
  })

  it('serves a fee table given as an option', async () => {
    const devnet = await start({ feeEstimates: { '1': 42.5, '6': 10 } })
    expect(await getJson(devnet, '/api/fee-estimates')).toEqual({ '1': 42.5, '6': 10 })
    expect(devnet.feeEstimates).toEqual({ '1': 42.5, '6': 10 })
  })

  it('listens on LATCH_BITCOIN_PORT, and the port option wins over it', async () => {
    const port = await freePort()
    const pinned = await start({ env: { LATCH_BITCOIN_PORT: String(port) } })
    expect(pinned.port).toBe(port)
    const other = await freePort()
    const explicit = await start({ port: other, env: { LATCH_BITCOIN_PORT: String(port) } })
    expect(explicit.port).toBe(other)
  })

  it('refuses wrong options, a LATCH_BITCOIN_PORT that is not a port, and a taken port', async () => {
    await expect(startBitcoinDevnet({ env: { LATCH_BITCOIN_PORT: 'eighty' } })).rejects.toThrow(
      "LATCH_BITCOIN_PORT must be a TCP port (1-65535), got 'eighty'",
    )
    await expect(startBitcoinDevnet({ port: 70_000 })).rejects.toThrow(
      'startBitcoinDevnet: port: Too big: expected number to be <=65535',
    )
    await expect(startBitcoinDevnet({ feeEstimates: { soon: 1 } })).rejects.toThrow(
      'startBitcoinDevnet: feeEstimates.soon: a confirmation target is a whole number of blocks',
    )
    await expect(startBitcoinDevnet({ minRelayFeeRate: -1 })).rejects.toThrow(
      'startBitcoinDevnet: minRelayFeeRate: Too small: expected number to be >=0',
    )
    const first = await start()
    await expect(startBitcoinDevnet({ port: first.port })).rejects.toThrow(/EADDRINUSE/)
  })

  it('stop() frees the port and can be called twice', async () => {
    const devnet = await start()
    await Promise.all([devnet.stop(), devnet.stop()])
    await expect(fetch(`${devnet.url}/api/blocks/tip/height`)).rejects.toThrow()
    const again = await start({ port: devnet.port })
    expect(again.port).toBe(devnet.port)
  })

  it('starts independent chains: what lands on one is not on another', async () => {
    const [one, two] = await Promise.all([start(), start()])
    const address = one.accounts[0]!.payment.address
    one.faucet(address, 5_000)
    one.mine()
    expect((await balance(one, address)) - (await balance(two, address))).toBe(5_000)
    expect((await request(two, '/api/blocks/tip/height')).text).toBe('1')
  })
})
