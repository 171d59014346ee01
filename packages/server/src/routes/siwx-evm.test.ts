import {
  SIWX_API_PATHS,
  SIWX_NONCE_TTL_SECONDS,
  siwxAccountSessionsPath,
  siwxMeResponseSchema,
  siwxSessionListSchema,
} from '@latch/core/api'
import { beforeEach, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetAccounts, suiteTestChain, type TestChain } from '../../test/account-harness.js'
import { describeOnEachDatabase, TEST_ORIGIN } from '../../test/harness.js'
import {
  askMessage,
  expectRefusal,
  FOREIGN_ORIGIN,
  messageFor,
  OTHER_ALLOWED_ORIGIN,
  sendSignature,
  sessionFrom,
  signed,
  siwxConfig,
  withToken,
} from '../../test/siwx-harness.js'

// EVM sign-in with an EOA (viem's local account) against a real anvil chain: the server verifies
// through its own client for the chain.

describeOnEachDatabase('Sign in with an EVM wallet', (suite) => {
  const suiteChain = suiteTestChain()
  let chain: TestChain
  beforeEach(() => {
    chain = suiteChain()
  })
  const signer = privateKeyToAccount(devnetAccounts[5]!.privateKey)
  const config = () => siwxConfig(chain.config.chains)
  const sign = (message: string) => signer.signMessage({ message })
  const request = () => ({ chainId: chain.caip, accountAddress: signer.address.toLowerCase() })

  it('verifies a real signature, and me answers for that address', async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const { data, message } = await messageFor(server, cfg, {
      ...request(),
      statement: 'Sign in to the test app',
    })
    expect(data).toMatchObject({
      chainId: chain.caip,
      accountAddress: signer.address,
      domain: new URL(TEST_ORIGIN).host,
    })
    expect(message).toContain(`Chain ID: ${chain.chainId}`)
    const signature = await signer.signMessage({ message })
    const { token, session } = await sessionFrom(
      await sendSignature(server, cfg, { nonce: data.nonce, message, signature }),
    )
    expect(session).toMatchObject({ data, message, signature })
    // A host's backend asks without a page: no Origin.
    const me = await withToken(server, cfg, token, SIWX_API_PATHS.me, { origin: null })
    expect(me.status).toBe(200)
    expect(z.parse(siwxMeResponseSchema, await me.json()).session.data.accountAddress).toBe(
      signer.address,
    )
  })

  it('refuses a tampered message, and the nonce is spent by the attempt', async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const { data, message } = await messageFor(server, cfg, request())
    const tampered = message.replace('Version: 1', 'Version: 1\nNot Before: 2000-01-01T00:00:00Z')
    const signedTampered = await signer.signMessage({ message: tampered })
    const refused = await sendSignature(server, cfg, {
      nonce: data.nonce,
      message: tampered,
      signature: signedTampered,
    })
    await expectRefusal(refused, 400, 'MESSAGE_MISMATCH')
    const honest = await signer.signMessage({ message })
    await expectRefusal(
      await sendSignature(server, cfg, { nonce: data.nonce, message, signature: honest }),
      400,
      'NONCE_EXPIRED',
    )
  })

  it("refuses another account's signature, and a signature that is not hex", async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const other = privateKeyToAccount(devnetAccounts[6]!.privateKey)
    for (const sign of [(message: string) => other.signMessage({ message }), () => 'zz']) {
      const body = await signed(await messageFor(server, cfg, request()), sign)
      await expectRefusal(await sendSignature(server, cfg, body), 401, 'INVALID_SIGNATURE')
    }
  })

  it('refuses a replayed nonce: one message, one session', async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const { data, message } = await messageFor(server, cfg, request())
    const signature = await signer.signMessage({ message })
    const body = { nonce: data.nonce, message, signature }
    await sessionFrom(await sendSignature(server, cfg, body))
    await expectRefusal(await sendSignature(server, cfg, body), 400, 'NONCE_EXPIRED')
    // A nonce the server never wrote reads the same.
    await expectRefusal(
      await sendSignature(server, cfg, { ...body, nonce: 'a'.repeat(32) }),
      400,
      'NONCE_EXPIRED',
    )
  })

  it('refuses a nonce older than its time to live, and accepts one just inside it', async () => {
    const cfg = config()
    let clock = Date.now()
    const server = await suite.server(cfg, { indexer: false, now: () => clock })
    const late = await messageFor(server, cfg, request())
    const inTime = await messageFor(server, cfg, request())
    clock += SIWX_NONCE_TTL_SECONDS * 1000 - 1
    await sessionFrom(await sendSignature(server, cfg, await signed(inTime, sign)))
    clock += 2
    await expectRefusal(
      await sendSignature(server, cfg, await signed(late, sign)),
      400,
      'NONCE_EXPIRED',
    )
  })

  it('refuses another domain: an origin not allowed, a uri of another origin, a missing Origin', async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const foreign = await askMessage(server, cfg, request(), FOREIGN_ORIGIN)
    await expectRefusal(foreign, 403, 'DOMAIN_NOT_ALLOWED')
    // The page may read why (CORS for the refusal alone).
    expect(foreign.headers.get('access-control-allow-origin')).toBe(FOREIGN_ORIGIN)
    await expectRefusal(
      await askMessage(server, cfg, { ...request(), uri: 'https://evil.example/login' }),
      403,
      'DOMAIN_NOT_ALLOWED',
    )
    // Another of the project's own origins is another page all the same.
    await expectRefusal(
      await askMessage(server, cfg, { ...request(), uri: `${OTHER_ALLOWED_ORIGIN}/x` }),
      403,
      'DOMAIN_NOT_ALLOWED',
    )
    const noOrigin = await server.fetch(
      new Request(`http://latch.test${SIWX_API_PATHS.message}?projectId=${cfg.projects[0]!.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...request(), uri: `${TEST_ORIGIN}/` }),
      }),
    )
    await expectRefusal(noOrigin, 403, 'DOMAIN_NOT_ALLOWED')
  })

  it("refuses a signature sent from another page than the message's", async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const { data, message } = await messageFor(server, cfg, request())
    const signature = await signer.signMessage({ message })
    await expectRefusal(
      await sendSignature(
        server,
        cfg,
        { nonce: data.nonce, message, signature },
        OTHER_ALLOWED_ORIGIN,
      ),
      403,
      'DOMAIN_NOT_ALLOWED',
    )
  })

  it('refuses a chain the server does not serve', async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    await expectRefusal(
      await askMessage(server, cfg, { ...request(), chainId: 'eip155:1' }),
      400,
      'CHAIN_NOT_SUPPORTED',
    )
    // A namespace sign-in has no format for is refused by core's schema.
    const cosmos = await askMessage(server, cfg, { ...request(), chainId: 'cosmos:cosmoshub-4' })
    expect(cosmos.status).toBe(400)
  })

  it("lists an EVM account's sessions whatever the case of its address in the path", async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const written = await messageFor(server, cfg, request())
    const { token, session } = await sessionFrom(
      await sendSignature(server, cfg, await signed(written, sign)),
    )
    for (const address of [
      signer.address.toLowerCase(),
      signer.address.toUpperCase().replace('0X', '0x'),
    ]) {
      const listed = await withToken(
        server,
        cfg,
        token,
        siwxAccountSessionsPath(chain.caip, address),
      )
      expect(listed.status).toBe(200)
      const { sessions } = z.parse(siwxSessionListSchema, await listed.json())
      expect(sessions.map((entry) => entry.id)).toEqual([session.id])
    }
  })

  it("answers the page's preflight with Authorization allowed", async () => {
    const cfg = config()
    const server = await suite.server(cfg, { indexer: false })
    const preflight = await server.fetch(
      new Request(`http://latch.test${SIWX_API_PATHS.me}?projectId=${cfg.projects[0]!.id}`, {
        method: 'OPTIONS',
        headers: {
          origin: TEST_ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
  })
})
