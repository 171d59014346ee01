// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { replaceEqualDeep } from './structural-sharing.js'

describe('replaceEqualDeep (structural sharing)', () => {
  it('gives back the previous value when the next one is deep-equal', () => {
    const previous = { a: [1, { b: 'x' }], c: undefined, d: null }
    const next = { a: [1, { b: 'x' }], c: undefined, d: null }
    expect(replaceEqualDeep(previous, next)).toBe(previous)
  })

  it('on a change, keeps the identity of every subtree that did not change', () => {
    const previous = {
      same: { list: [1, 2] },
      changed: { n: 1 },
      items: [{ id: 'a' }, { id: 'b' }],
    }
    const next = { same: { list: [1, 2] }, changed: { n: 2 }, items: [{ id: 'a' }, { id: 'c' }] }
    const shared = replaceEqualDeep(previous, next)
    expect(shared).not.toBe(previous)
    expect(shared).toEqual(next)
    expect(shared.same).toBe(previous.same)
    expect(shared.changed).not.toBe(previous.changed)
    expect(shared.items).not.toBe(previous.items)
    expect(shared.items[0]).toBe(previous.items[0])
    expect(shared.items[1]).toEqual({ id: 'c' })
  })

  it('compares bigints by value, which JSON could not even serialise', () => {
    const previous = { balance: 10n ** 30n, tokens: [{ amount: 5n }] }
    expect(replaceEqualDeep(previous, { balance: 10n ** 30n, tokens: [{ amount: 5n }] })).toBe(
      previous,
    )
    const changed = replaceEqualDeep(previous, { balance: 10n ** 30n, tokens: [{ amount: 6n }] })
    expect(changed).not.toBe(previous)
    expect(changed.tokens[0]!.amount).toBe(6n)
  })

  it('sees added, removed and undefined keys, and array lengths', () => {
    const previous: Record<string, unknown> = { a: 1 }
    expect(replaceEqualDeep(previous, { a: 1, b: undefined })).not.toBe(previous)
    expect(replaceEqualDeep({ a: 1, b: undefined }, { a: 1 })).toEqual({ a: 1 })
    const list = [1, 2, 3]
    expect(replaceEqualDeep(list, [1, 2])).toEqual([1, 2])
    expect(replaceEqualDeep(list, [1, 2, 3, 4])).toEqual([1, 2, 3, 4])
    expect(replaceEqualDeep([1], { 0: 1 })).toEqual({ 0: 1 })
  })

  it('never walks into class instances, functions or dates: only the same one is equal', () => {
    const error = new Error('x')
    expect(replaceEqualDeep({ error }, { error: new Error('x') }).error).not.toBe(error)
    const fn = () => 1
    const previous = { fn, error }
    expect(replaceEqualDeep(previous, { fn, error })).toBe(previous)
    const date = new Date(0)
    expect(replaceEqualDeep(date, new Date(0))).not.toBe(date)
  })

  it('treats NaN as equal to itself', () => {
    const previous = { n: Number.NaN }
    expect(replaceEqualDeep(previous, { n: Number.NaN })).toBe(previous)
  })
})
