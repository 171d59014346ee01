import { describe, it, expect } from 'vitest'
import { chainAdapterFunctions, chainAdapterSchema, shapeProblems } from './runtime-shapes.js'
import { siweConfigSchema, siwxOptionsSchema } from './sign-in.js'
import { safeParseWith } from '../validation/parse.js'

function adapterMembers() {
  return Object.fromEntries(chainAdapterFunctions.map((name) => [name, () => undefined]))
}

describe('runtime shape checks', () => {
  it('accepts a class instance whose methods live on the prototype', () => {
    class Adapter {
      readonly namespace = 'solana'
    }
    for (const name of chainAdapterFunctions) {
      Object.defineProperty(Adapter.prototype, name, { value: () => undefined })
    }
    const adapter = new Adapter()
    const result = safeParseWith(chainAdapterSchema, adapter)
    expect(result.success && result.data).toBe(adapter)
  })

  it('names a bad namespace and a non-function optional member', () => {
    expect(
      shapeProblems(
        { ...adapterMembers(), namespace: 'EIP 155', addNetwork: 1 },
        {
          what: 'x',
          functions: chainAdapterFunctions,
          optionalFunctions: ['addNetwork'],
        },
      ),
    ).toEqual(['not a function: addNetwork'])
    const result = safeParseWith(chainAdapterSchema, { ...adapterMembers(), namespace: 'EIP 155' })
    expect(result.success ? [] : result.issues).toEqual([
      { path: '(root)', message: 'Expected a ChainAdapter (namespace is not a CAIP-2 namespace)' },
    ])
  })

  it('says what it received when the value is not an object', () => {
    const result = safeParseWith(chainAdapterSchema, 'eip155')
    expect(result.success ? [] : result.issues).toEqual([
      { path: '(root)', message: 'Expected a ChainAdapter (received string)' },
    ])
  })

  it('checks each SIWX function given, the flags and the statement', () => {
    const result = safeParseWith(siwxOptionsSchema, {
      createMessage: () => undefined,
      addSession: 'yes',
      getRequired: true,
      required: 'always',
      statement: 'two\nlines',
    })
    expect(result.success ? [] : result.issues).toEqual([
      {
        path: '(root)',
        message:
          'Expected a SIWX config (required is not a boolean; statement is not one line of at most 280 characters; not a function: addSession, getRequired)',
      },
    ])
    expect(safeParseWith(siwxOptionsSchema, {}).success).toBe(true)
  })

  it('checks every SIWE function and that required is a boolean', () => {
    const result = safeParseWith(siweConfigSchema, {
      getNonce: () => undefined,
      createMessage: () => undefined,
      verifyMessage: () => undefined,
      getSession: () => undefined,
      required: 'yes',
    })
    expect(result.success ? [] : result.issues).toEqual([
      {
        path: '(root)',
        message: 'Expected a SIWE config (required is not a boolean; not a function: signOut)',
      },
    ])
  })
})
