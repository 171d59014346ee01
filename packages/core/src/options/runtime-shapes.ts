import * as z from 'zod/mini'
import type { ChainAdapter } from '../adapter/contract.js'

/**
 * Host-supplied objects with behaviour (adapters, sign-in configs, storage) cannot be described
 * by a data schema, and must not be cloned by one: core calls them later and keeps their
 * identity. These checks look at the members that core will call, so a wrong object fails at
 * `parseOptions` with a named member instead of later with "x is not a function".
 */
export interface ShapeSpec {
  /** How the message names the expected thing: 'a ChainAdapter'. */
  readonly what: string
  readonly functions: readonly string[]
  readonly optionalFunctions?: readonly string[]
  /** Extra member checks: a problem text, or undefined when fine. */
  readonly members?: (record: Record<string, unknown>) => readonly string[]
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** Every problem with `value` against `spec`; empty when it fits. */
export function shapeProblems(value: unknown, spec: ShapeSpec): string[] {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) {
    return [`received ${typeName(value)}`]
  }
  // Members may live on a prototype (class instances), so read them, don't list own keys.
  const record = value as Record<string, unknown>
  const notFunctions = [
    ...spec.functions.filter((name) => typeof record[name] !== 'function'),
    ...(spec.optionalFunctions ?? []).filter(
      (name) => record[name] !== undefined && typeof record[name] !== 'function',
    ),
  ]
  return [
    ...(spec.members?.(record) ?? []),
    ...(notFunctions.length > 0 ? [`not a function: ${notFunctions.join(', ')}`] : []),
  ]
}

/**
 * A zod schema that accepts objects of `spec`'s shape unchanged (same reference) and otherwise
 * reports `Expected {what} ({problems})`.
 */
export function shapeSchema<T>(spec: ShapeSpec): z.ZodMiniCustom<T, T> {
  return z.custom<T>((value) => shapeProblems(value, spec).length === 0, {
    error: (issue) => `Expected ${spec.what} (${shapeProblems(issue.input, spec).join('; ')})`,
  })
}

const NAMESPACE = /^[-a-z0-9]{3,8}$/

/** The functions of the ChainAdapter contract (src/adapter/contract.ts) that core always calls. */
export const chainAdapterFunctions = [
  'watchConnectors',
  'connect',
  'reconnect',
  'disconnect',
  'getAccounts',
  'switchNetwork',
  'getBalance',
  'signMessage',
  'estimateGas',
  'sendTransaction',
  'subscribe',
] as const

/** A runtime check for {@link ChainAdapter}: a CAIP-2 `namespace` and every contract function. */
export const chainAdapterSchema = shapeSchema<ChainAdapter>({
  what: 'a ChainAdapter',
  functions: chainAdapterFunctions,
  optionalFunctions: ['addNetwork', 'estimateFee', 'followTransaction'],
  members: (record) =>
    typeof record.namespace === 'string' && NAMESPACE.test(record.namespace)
      ? []
      : ['namespace is not a CAIP-2 namespace'],
})

/**
 * The storage a host may inject (`options.storage`). Same members as core's StoragePort, written
 * out here so options do not depend on the storage module; the two stay assignable both ways.
 */
export interface OptionsStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  keys(): string[]
}

/** A runtime check for {@link OptionsStorage}. */
export const storageSchema = shapeSchema<OptionsStorage>({
  what: 'a storage with getItem, setItem, removeItem and keys',
  functions: ['getItem', 'setItem', 'removeItem', 'keys'],
})
