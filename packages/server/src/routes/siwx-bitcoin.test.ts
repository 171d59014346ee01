import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet'
import { SIWX_API_PATHS, SIWX_NONCE_TTL_SECONDS, siwxMeResponseSchema } from '@latch/core/api'
import { Address, Signer } from 'bip322-js'
import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { describeOnEachDatabase } from '../../test/harness.js'
import {
  askMessage,
  BITCOIN_REGTEST,
  expectRefusal,
  FOREIGN_ORIGIN,
  messageFor,
  sendSignature,
  sessionFrom,
  signed,
  siwxConfig,
  withToken,
} from '../../test/siwx-harness.js'

// Bitcoin sign-in with the regtest devnet's real keys, signed by bip322-js' Signer: BIP-322
// simple for a native segwit (P2WPKH) and a Taproot address, legacy BIP-137 for a P2PKH one.

const [first, second] = bitcoinDevnetAccounts()
const payment = first!.payment
const legacyAddress = Address.convertPubKeyIntoAddress(
  Buffer.from(payment.publicKey, 'hex'),
  'p2pkh',
).regtest

const wallets = [
  { kind: 'P2WPKH (BIP-322)', address: payment.address, wif: payment.wif },
  { kind: 'Taproot (BIP-322)', address: first!.ordinals.address, wif: first!.ordinals.wif },
  { kind: 'P2PKH (BIP-137)', address: legacyAddress, wif: payment.wif },
]

const signerOf = (wallet: { address: string; wif: string }) => (text: string) =>
  Signer.sign(wallet.wif, wallet.address, text)

describeOnEachDatabase('Sign in with a Bitcoin wallet', (suite) => {
  const setup = async (now?: () => number) => {
    const config = siwxConfig([BITCOIN_REGTEST])
    const server = await suite.server(config, now ? { now } : {})
    return { config, server }
  }

  it.each(wallets)('verifies a real $kind signature, and me answers for it', async (wallet) => {
    const { config, server } = await setup()
    const written = await messageFor(server, config, {
      chainId: BITCOIN_REGTEST,
      accountAddress: wallet.address,
    })
    expect(written.message.split('\n').slice(0, 2)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Bitcoin account:',
      wallet.address,
    ])
    const { token } = await sessionFrom(
      await sendSignature(server, config, await signed(written, signerOf(wallet))),
    )
    const me = await withToken(server, config, token, SIWX_API_PATHS.me)
    expect(me.status).toBe(200)
    expect(z.parse(siwxMeResponseSchema, await me.json()).session.data.accountAddress).toBe(
      wallet.address,
    )
  })

  it("refuses a tampered message, another key's signature and a replayed nonce", async () => {
    const { config, server } = await setup()
    const request = { chainId: BITCOIN_REGTEST, accountAddress: payment.address }
    const sign = signerOf(wallets[0]!)
    const tampered = await messageFor(server, config, request)
    const altered = tampered.message.replace('Version: 1', 'Version: 2')
    await expectRefusal(
      await sendSignature(server, config, {
        nonce: tampered.data.nonce,
        message: altered,
        signature: sign(altered),
      }),
      400,
      'MESSAGE_MISMATCH',
    )
    // The second account's key, signing for its own address over our message.
    const other = second!.payment
    const wrongKey = await signed(await messageFor(server, config, request), (text) =>
      Signer.sign(other.wif, other.address, text),
    )
    await expectRefusal(await sendSignature(server, config, wrongKey), 401, 'INVALID_SIGNATURE')
    const garbled = await signed(await messageFor(server, config, request), () => 'not base64!')
    await expectRefusal(await sendSignature(server, config, garbled), 401, 'INVALID_SIGNATURE')
    const good = await signed(await messageFor(server, config, request), sign)
    await sessionFrom(await sendSignature(server, config, good))
    await expectRefusal(await sendSignature(server, config, good), 400, 'NONCE_EXPIRED')
  })

  it('refuses an expired nonce, another domain and another chain', async () => {
    let clock = Date.now()
    const { config, server } = await setup(() => clock)
    const request = { chainId: BITCOIN_REGTEST, accountAddress: payment.address }
    const written = await messageFor(server, config, request)
    clock += SIWX_NONCE_TTL_SECONDS * 1000 + 1
    await expectRefusal(
      await sendSignature(server, config, await signed(written, signerOf(wallets[0]!))),
      400,
      'NONCE_EXPIRED',
    )
    await expectRefusal(
      await askMessage(server, config, request, FOREIGN_ORIGIN),
      403,
      'DOMAIN_NOT_ALLOWED',
    )
    // Bitcoin mainnet: not served here.
    await expectRefusal(
      await askMessage(server, config, {
        chainId: 'bip122:000000000019d6689c085ae165831e93',
        accountAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      }),
      400,
      'CHAIN_NOT_SUPPORTED',
    )
  })
})
