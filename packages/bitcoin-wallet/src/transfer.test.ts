import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { address } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  connectedWallet,
  mempool,
  rejection,
  satsResult,
  txOf,
  useDevnets,
} from './test/devnet.js'

const startDevnet = useDevnets()
const [first, second] = bitcoinDevnetAccounts()
const from = first!.payment.address

describe('sendTransfer (sats-connect)', () => {
  it('builds, signs and broadcasts a payment; once mined, both balances moved by the amounts and the fee', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const to = second!.payment.address
    const [fromBefore, toBefore] = [await balanceOf(devnet, from), await balanceOf(devnet, to)]

    const { txid } = await satsResult<{ txid: string }>(dev, 'sendTransfer', {
      recipients: [{ address: to, amount: 120_000_000 }],
    })
    expect(await mempool(devnet)).toEqual([txid])
    devnet.mine(1)
    const tx = await txOf(devnet, txid)
    expect(tx.status.confirmed).toBe(true)
    // The fee pays the devnet's 6-block rate on the transaction's real size (estimated a little
    // high before signing: a DER signature is 71 or 72 bytes).
    const rate = (await (await fetch(`${devnet.esploraUrl}/fee-estimates`)).json())['6'] as number
    const vsize = Math.ceil(tx.weight / 4)
    expect(tx.fee).toBeGreaterThanOrEqual(rate * vsize)
    expect(tx.fee).toBeLessThanOrEqual(rate * (vsize + 2))
    expect(await balanceOf(devnet, to)).toBe(toBefore + 120_000_000)
    expect(await balanceOf(devnet, from)).toBe(fromBefore - 120_000_000 - tx.fee)
    expect(dev.control.requests().at(-1)).toMatchObject({
      method: 'sendTransfer',
      outcome: 'approved',
      summary: expect.stringMatching(/^Send 120000000 sats to bcrt1qlq.*\(fee \d+ sats\)$/),
    })
  })

  it('pays several recipients, a Taproot one included, with change back to the payment address', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const { txid } = await satsResult<{ txid: string }>(dev, 'sendTransfer', {
      recipients: [
        { address: second!.ordinals.address, amount: 330 },
        { address: second!.payment.address, amount: 50_000 },
      ],
    })
    const tx = await txOf(devnet, txid)
    expect(tx.vout.map((output) => output.value).slice(0, 2)).toEqual([330, 50_000])
    expect(tx.vout).toHaveLength(3)
    devnet.mine(1)
    expect(await balanceOf(devnet, second!.ordinals.address)).toBe(11_000_330)
  })

  it('rejected, answers -32000 and sends nothing', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet, 'auto-reject')
    const before = await balanceOf(devnet, from)
    const error = await rejection(
      satsResult(dev, 'sendTransfer', {
        recipients: [{ address: second!.payment.address, amount: 10_000 }],
      }),
    )
    expect(error).toMatchObject({ code: -32000, message: 'User rejected the request.' })
    expect(await mempool(devnet)).toEqual([])
    expect(await balanceOf(devnet, from)).toBe(before)
  })

  it('refuses, without asking, another network’s address, dust, too much, and bad params', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    const asked = dev.control.requests().length
    const send = (recipients: unknown) => rejection(satsResult(dev, 'sendTransfer', { recipients }))

    // The same key's address on mainnet: what a user pasting from another wallet would send to.
    const onMainnet = address.toBech32(address.fromBech32(second!.payment.address).data, 0, 'bc')
    expect(await send([{ address: onMainnet, amount: 1_000 }])).toMatchObject({
      code: -32602,
      message: `Invalid method parameter(s): ${onMainnet} is a mainnet address; this wallet sends on regtest only`,
    })
    expect((await send([{ address: 'not-an-address', amount: 1_000 }])).message).toMatch(
      /not-an-address is not a Bitcoin address/,
    )
    expect((await send([{ address: second!.payment.address, amount: 293 }])).message).toMatch(
      /293 sats to .* is dust: the least is 294/,
    )
    expect(
      (await send([{ address: second!.payment.address, amount: 500_000_000 }])).message,
    ).toMatch(/insufficient funds: .* has 175000000 sats/)
    expect((await send([{ address: second!.payment.address, amount: 1.5 }])).message).toMatch(
      /recipients\.0\.amount: amount is a whole number of sats/,
    )
    expect((await send([])).message).toMatch(/recipients must not be empty/)
    expect(dev.control.requests()).toHaveLength(asked)
    expect(await mempool(devnet)).toEqual([])
  })

  it('sends nothing off regtest, and nothing for a site that is not connected', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    dev.control.setNetwork('Testnet')
    const recipients = [{ address: second!.payment.address, amount: 10_000 }]
    expect((await rejection(satsResult(dev, 'sendTransfer', { recipients }))).code).toBe(-32001)
    dev.control.setNetwork('Regtest')
    dev.control.revoke()
    expect((await rejection(satsResult(dev, 'sendTransfer', { recipients }))).code).toBe(-32002)
    expect(await mempool(devnet)).toEqual([])
  })
})

describe('getBalance (sats-connect)', () => {
  it('answers the payment address’s balance in sats, as strings, the mempool apart', async () => {
    const devnet = await startDevnet()
    const dev = await connectedWallet(devnet)
    devnet.faucet(from, 5_000)
    expect(await satsResult(dev, 'getBalance')).toEqual({
      confirmed: '175000000',
      unconfirmed: '5000',
      total: '175005000',
    })
  })
})
