import { SIWX_API_PATHS, SIWX_NONCE_TTL_SECONDS, siwxMeResponseSchema } from '@latch/core/api'
import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { describeOnEachDatabase } from '../../test/harness.js'
import { solanaKeypair } from '../../test/solana-signer.js'
import {
  askMessage,
  expectRefusal,
  FOREIGN_ORIGIN,
  messageFor,
  sendSignature,
  sessionFrom,
  signed,
  siwxConfig,
  SOLANA_LOCALNET,
  withToken,
} from '../../test/siwx-harness.js'

// Solana sign-in with a real ed25519 key (node:crypto signs, test/solana-signer.ts; the server
// verifies with the Wallet Standard's util on @noble/curves).

describeOnEachDatabase('Sign in with a Solana wallet', (suite) => {
  const setup = async (now?: () => number) => {
    const config = siwxConfig([SOLANA_LOCALNET])
    const server = await suite.server(config, now ? { now } : {})
    const wallet = solanaKeypair()
    const request = { chainId: SOLANA_LOCALNET, accountAddress: wallet.address }
    return { config, server, wallet, request }
  }

  it('verifies a real ed25519 signature, and me answers for that address', async () => {
    const { config, server, wallet, request } = await setup()
    const written = await messageFor(server, config, request)
    expect(written.message.split('\n').slice(0, 2)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Solana account:',
      wallet.address,
    ])
    expect(written.message).toContain('\nChain ID: localnet\n')
    const { token } = await sessionFrom(
      await sendSignature(server, config, await signed(written, wallet.sign)),
    )
    const me = await withToken(server, config, token, SIWX_API_PATHS.me)
    expect(me.status).toBe(200)
    expect(z.parse(siwxMeResponseSchema, await me.json()).session.data).toEqual(written.data)
  })

  it("refuses a tampered message, another key's signature and a replayed nonce", async () => {
    const { config, server, wallet, request } = await setup()
    const tampered = await messageFor(server, config, request)
    const altered = `${tampered.message}\nResources:\n- https://evil.example/`
    await expectRefusal(
      await sendSignature(server, config, {
        nonce: tampered.data.nonce,
        message: altered,
        signature: wallet.sign(altered),
      }),
      400,
      'MESSAGE_MISMATCH',
    )
    const other = solanaKeypair()
    const wrongKey = await signed(await messageFor(server, config, request), other.sign)
    await expectRefusal(await sendSignature(server, config, wrongKey), 401, 'INVALID_SIGNATURE')
    // A signature that is not base58 of 64 bytes.
    const garbled = await signed(await messageFor(server, config, request), () => '0OIl')
    await expectRefusal(await sendSignature(server, config, garbled), 401, 'INVALID_SIGNATURE')
    const good = await signed(await messageFor(server, config, request), wallet.sign)
    await sessionFrom(await sendSignature(server, config, good))
    await expectRefusal(await sendSignature(server, config, good), 400, 'NONCE_EXPIRED')
  })

  it('refuses an expired nonce', async () => {
    let clock = Date.now()
    const { config, server, wallet, request } = await setup(() => clock)
    const written = await messageFor(server, config, request)
    clock += SIWX_NONCE_TTL_SECONDS * 1000 + 1
    await expectRefusal(
      await sendSignature(server, config, await signed(written, wallet.sign)),
      400,
      'NONCE_EXPIRED',
    )
  })

  it('refuses another domain and another chain', async () => {
    const { config, server, request } = await setup()
    await expectRefusal(
      await askMessage(server, config, request, FOREIGN_ORIGIN),
      403,
      'DOMAIN_NOT_ALLOWED',
    )
    await expectRefusal(
      await askMessage(server, config, { ...request, uri: 'http://127.0.0.1:5999/' }),
      403,
      'DOMAIN_NOT_ALLOWED',
    )
    // Solana mainnet: a chain this server does not serve.
    await expectRefusal(
      await askMessage(server, config, {
        ...request,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      }),
      400,
      'CHAIN_NOT_SUPPORTED',
    )
  })

  it("holds message creation to the project's per-client limit, with Retry-After", async () => {
    const config = siwxConfig([SOLANA_LOCALNET])
    config.projects[0]!.siwxMessageRateLimit = { requests: 2, windowSeconds: 60 }
    // 20 s into a window: the refusal says 40 s.
    const server = await suite.server(config, { now: () => 1_800_000_020_000 })
    const request = { chainId: SOLANA_LOCALNET, accountAddress: solanaKeypair().address }
    await messageFor(server, config, request)
    await messageFor(server, config, request)
    const limited = await askMessage(server, config, request)
    expect({ status: limited.status, retryAfter: limited.headers.get('retry-after') }).toEqual({
      status: 429,
      retryAfter: '40',
    })
  })
})
