import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeOnEachDatabase, uniqueProjectId } from '../../test/harness.js'
import { names } from '../db/schema.js'
import { seedNames } from './names.js'

const freshEvmAddress = () => `0x${randomBytes(20).toString('hex').toUpperCase()}`

describeOnEachDatabase('the names seed', (suite) => {
  it('stores names normalised, and a second seed replaces the address but keeps the registration', async () => {
    const db = suite.database().db
    const label = uniqueProjectId()
    const [first, second] = [freshEvmAddress(), freshEvmAddress()]
    await seedNames(db, [{ name: `Friend-${label}.LATCH`, address: first, namespace: 'eip155' }])
    const name = `friend-${label}.latch`
    const read = async () => {
      const [row] = await db.select().from(names).where(eq(names.name, name))
      return row
    }
    const seeded = await read()
    expect(seeded).toMatchObject({
      address: first.toLowerCase(),
      namespace: 'eip155',
      avatar: null,
    })
    await seedNames(db, [
      { name, address: second, namespace: 'eip155', avatar: 'https://example.com/a.png' },
    ])
    expect(await read()).toEqual({
      ...seeded,
      address: second.toLowerCase(),
      avatar: 'https://example.com/a.png',
    })
  })

  it('refuses a bad entry before writing any, naming it', async () => {
    const db = suite.database().db
    const label = uniqueProjectId()
    const good = {
      name: `good-${label}.latch`,
      address: freshEvmAddress(),
      namespace: 'eip155' as const,
    }
    const cases = [
      [{ ...good, name: 'no-zone' }, /Name seed 1\.name: Invalid name/],
      [
        { ...good, name: `bad-${label}.latch`, namespace: 'solana' as const },
        /Name seed 1\.address/,
      ],
      [
        { ...good, name: `bad-${label}.latch`, address: good.address.slice(2) },
        /Name seed 1\.address/,
      ],
      [
        { ...good, name: `bad-${label}.latch`, avatar: 'javascript:alert(1)' },
        /Name seed 1\.avatar/,
      ],
    ] as const
    for (const [bad, message] of cases) {
      await expect(seedNames(db, [good, bad])).rejects.toThrow(message)
    }
    const rows = await db
      .select()
      .from(names)
      .where(inArray(names.name, [good.name, `bad-${label}.latch`]))
    expect(rows).toEqual([])
  })

  it("keeps an EVM address lower case in the table, but a base58 address's case", async () => {
    const db = suite.database().db
    const label = uniqueProjectId()
    await expect(
      db.insert(names).values({ name: `upper-${label}.latch`, address: freshEvmAddress() }),
    ).rejects.toThrow()
    await expect(
      db.insert(names).values({ name: `Upper-${label}.latch`, address: '0x' + '1'.repeat(40) }),
    ).rejects.toThrow()
    const solana = 'So11111111111111111111111111111111111111112'
    await db
      .insert(names)
      .values({ name: `sol-${label}.latch`, address: solana, namespace: 'solana' })
    const [row] = await db
      .select()
      .from(names)
      .where(eq(names.name, `sol-${label}.latch`))
    expect(row?.address).toBe(solana)
  })
})
