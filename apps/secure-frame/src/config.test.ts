// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { evmChainNumber, readFrameConfig } from './config.js'
import { loadDeviceKey, loadWrappingKey, unwrap, wrap } from './keys.js'
import { memoryStore } from './store.js'

const page = (json: string) => {
  document.body.innerHTML = ''
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'latch-frame-config'
  script.textContent = json
  document.body.append(script)
  return document
}

const valid = {
  apiUrl: 'https://latch.example.com',
  rpcUrl: 'https://latch.example.com/secure-frame/rpc',
  projectId: 'p1',
  allowedAncestors: ['https://app.example.com', 'http://localhost:*'],
  chains: [{ id: 1, name: 'Ethereum' }],
}

describe('the frame’s configuration', () => {
  it('reads what the server wrote, and names what is wrong', () => {
    expect(readFrameConfig(page(JSON.stringify(valid)))).toEqual(valid)
    expect(() => readFrameConfig(page('{}'))).toThrow(/apiUrl/)
    expect(() => readFrameConfig(page('not json'))).toThrow(
      'The frame page carries no configuration',
    )
    expect(() =>
      readFrameConfig(page(JSON.stringify({ ...valid, allowedAncestors: ['*'] }))),
    ).toThrow(/origin pattern/)
  })

  it('reads chain ids as numbers or eip155 ids only', () => {
    expect(evmChainNumber(10)).toBe(10)
    expect(evmChainNumber('eip155:31337')).toBe(31337)
    expect(evmChainNumber('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
  })
})

describe('the frame’s keys', () => {
  it('are made once, non-extractable, and kept', async () => {
    const store = memoryStore()
    const device = await loadDeviceKey(store)
    expect(device.privateKey.extractable).toBe(false)
    expect(await loadDeviceKey(store)).toBe(device)
    const wrapping = await loadWrappingKey(store)
    expect(wrapping.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', wrapping)).rejects.toThrow()
  })

  it('open wrapped bytes only under the same label', async () => {
    const key = await loadWrappingKey(memoryStore())
    const wrapped = await wrap(key, new Uint8Array([1, 2, 3]), 'a')
    expect(await unwrap(key, wrapped, 'a')).toEqual(new Uint8Array([1, 2, 3]))
    expect(await unwrap(key, wrapped, 'b')).toBeUndefined()
    expect(await unwrap(await loadWrappingKey(memoryStore()), wrapped, 'a')).toBeUndefined()
  })
})
