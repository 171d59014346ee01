import { randomBytes } from 'node:crypto'
import {
  apiErrorSchema,
  COIN_TYPE_FLAG,
  profileNameEntrySchema,
  profileReverseResponseSchema,
} from '@latch/core/api'
// Core's own client, called exactly as an instance calls this server.
import { createAccountClient } from '@latch/core/clients'
import fc from 'fast-check'
import { getAddress } from 'viem'
import { expect, it } from 'vitest'
import * as z from 'zod/mini'
import { describeOnEachDatabase, get, testConfig, TEST_ORIGIN } from '../../test/harness.js'
import type { ServerConfig } from '../config/schema.js'
import { names } from '../db/schema.js'
import { seedNames } from '../seed/names.js'

/** Two EVM chains (each adds its ENSIP-11 coin type) and a Solana one (adds none). */
function profileConfig(): ServerConfig {
  return testConfig(
    {},
    {
      chains: [
        { caipNetworkId: 'eip155:31337', rpcUrls: ['http://127.0.0.1:9'] },
        { caipNetworkId: 'eip155:1', rpcUrls: ['http://127.0.0.1:9'] },
        {
          caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          rpcUrls: ['http://127.0.0.1:9'],
        },
      ],
    },
  )
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** An address no other test registers, so tests sharing a database never see each other's names. */
const freshEvmAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`)
const freshSolanaAddress = () =>
  Array.from(randomBytes(44), (byte) => BASE58[byte % BASE58.length]).join('')
/** A Bitcoin P2PKH address: base58 of a length a Solana key may have too. */
const LEGACY_BITCOIN = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'
/** BIP-173's P2WPKH example. */
const SEGWIT_BITCOIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const AVATAR = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'

describeOnEachDatabase('the name service (/v1/profile)', (suite) => {
  it("answers a name's entry, case-insensitively, its address under each coin type it fits", async () => {
    const config = profileConfig()
    const id = config.projects[0]!.id
    const server = await suite.server(config, { indexer: false })
    const address = freshEvmAddress()
    const name = `friend-${id}.latch`
    await seedNames(suite.database().db, [
      { name, address: address.toLowerCase(), namespace: 'eip155', avatar: AVATAR },
    ])
    const response = await get(
      server,
      `/v1/profile/account/${name.toUpperCase()}?projectId=${id}&apiVersion=2`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=300')
    expect(response.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    const entry = z.parse(profileNameEntrySchema, await response.json())
    const created = String(entry.registered)
    expect(entry).toEqual({
      name,
      registered: entry.registered,
      updated: entry.registered,
      addresses: {
        '60': { address, created },
        [String(COIN_TYPE_FLAG + 31337)]: { address, created },
        [String(COIN_TYPE_FLAG + 1)]: { address, created },
      },
      attributes: [{ avatar: AVATAR }],
    })
    expect(Math.abs(entry.registered - Date.now() / 1000)).toBeLessThan(600)

    const unknown = await get(server, `/v1/profile/account/nobody-${id}.latch?projectId=${id}`)
    expect(unknown.status).toBe(404)
    expect(z.parse(apiErrorSchema, await unknown.json())).toEqual({ error: 'Name not found' })
    const elsewhere = await get(
      server,
      `/v1/profile/account/${name}?projectId=${id}`,
      'https://elsewhere.example',
    )
    expect(elsewhere.status).toBe(403)
  })

  it("keeps Solana and Bitcoin names to 501 and 0, and an ambiguous base58 address's namespaces apart", async () => {
    const config = profileConfig()
    const id = config.projects[0]!.id
    const server = await suite.server(config, { indexer: false })
    const [asBitcoin, asSolana, segwit] = ['btc', 'sol', 'seg'].map((n) => `${n}-${id}.latch`)
    await seedNames(suite.database().db, [
      { name: asBitcoin!, address: LEGACY_BITCOIN, namespace: 'bip122' },
      { name: asSolana!, address: LEGACY_BITCOIN, namespace: 'solana' },
      { name: segwit!, address: SEGWIT_BITCOIN.toUpperCase(), namespace: 'bip122' },
    ])
    const addresses = async (name: string) => {
      const response = await get(server, `/v1/profile/account/${name}?projectId=${id}`)
      const entry = z.parse(profileNameEntrySchema, await response.json())
      return Object.fromEntries(Object.entries(entry.addresses).map(([k, v]) => [k, v.address]))
    }
    expect(await addresses(asBitcoin!)).toEqual({ '0': LEGACY_BITCOIN })
    expect(await addresses(asSolana!)).toEqual({ '501': LEGACY_BITCOIN })
    // Segwit is one address in either case: stored and answered in lower case.
    expect(await addresses(segwit!)).toEqual({ '0': SEGWIT_BITCOIN })

    const reverse = async (address: string) => {
      const response = await get(server, `/v1/profile/reverse/${address}?projectId=${id}`)
      expect(response.status).toBe(200)
      return z.parse(profileReverseResponseSchema, await response.json()).map((e) => e.name)
    }
    expect((await reverse(LEGACY_BITCOIN)).sort()).toEqual([asBitcoin, asSolana].sort())
    expect(await reverse(SEGWIT_BITCOIN.toUpperCase())).toEqual([segwit])
  })

  it('lists the names of an address newest first, [] for none; the core client falls back to it', async () => {
    const config = profileConfig()
    const id = config.projects[0]!.id
    const server = await suite.server(config, { indexer: false })
    const solana = freshSolanaAddress()
    const [older, newer] = [`older-${id}.sol`, `newer-${id}.sol`]
    await suite
      .database()
      .db.insert(names)
      .values([
        {
          name: older,
          address: solana,
          namespace: 'solana',
          createdAt: new Date(Date.now() - 60_000),
        },
        { name: newer, address: solana, namespace: 'solana', avatar: AVATAR },
      ])
    const response = await get(server, `/v1/profile/reverse/${solana}?projectId=${id}&apiVersion=2`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=300')
    const entries = z.parse(profileReverseResponseSchema, await response.json())
    expect(entries.map((entry) => entry.name)).toEqual([newer, older])
    expect(entries[0]!.addresses).toEqual({
      '501': { address: solana, created: expect.any(String) },
    })
    const none = await get(server, `/v1/profile/reverse/${freshEvmAddress()}?projectId=${id}`)
    expect(await none.json()).toEqual([])

    // SPEC §7: the identity route takes EVM addresses only, so for this one the client's profile
    // comes from the reverse lookup, its first (newest) name.
    const client = createAccountClient({
      serverUrl: 'http://latch.test',
      projectId: id,
      fetch: (input, init) => server.fetch(new Request(input, init)),
    })
    await expect(
      client.getProfile(solana, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
    ).resolves.toEqual({ name: newer, avatar: AVATAR })
  })

  it('answers any malformed name, address or query with a 400 and its issues, never a 500', async () => {
    const config = profileConfig()
    const id = config.projects[0]!.id
    const server = await suite.server(config, { indexer: false })
    const junk = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: fc.constantFrom(...'abcXYZ019.-_:/ '), maxLength: 80 }),
      fc.string({ unit: fc.constantFrom(...BASE58, '0', 'x'), minLength: 20, maxLength: 50 }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('account', 'reverse'),
        fc.constantFrom('path', 'apiVersion', 'sender'),
        junk,
        async (route, field, value) => {
          const bad = encodeURIComponent(value)
          const target =
            field === 'path' ? bad : route === 'account' ? 'some.latch' : LEGACY_BITCOIN
          const query = field === 'path' ? '' : `&${field}=${bad}`
          const response = await get(
            server,
            `/v1/profile/${route}/${target}?projectId=${id}${query}`,
          )
          if (response.status === 200) {
            const schema =
              route === 'account' ? profileNameEntrySchema : profileReverseResponseSchema
            z.parse(schema, await response.json())
            return
          }
          expect([400, 404]).toContain(response.status)
          const body = z.parse(apiErrorSchema, await response.json())
          if (response.status === 400) expect(body.issues?.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 120 },
    )
    const tooLong = await get(
      server,
      `/v1/profile/account/${'a'.repeat(250)}.latch?projectId=${id}`,
    )
    expect(tooLong.status).toBe(400)
    const noDot = await get(server, `/v1/profile/account/friend?projectId=${id}`)
    expect(z.parse(apiErrorSchema, await noDot.json()).issues?.[0]?.path).toEqual(['name'])
  })
})
