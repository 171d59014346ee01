import { HttpRequestError, InternalRpcError, RpcRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ProviderRpcError, toProviderRpcError, userRejected } from './errors.js'

describe('ProviderRpcError', () => {
  it('is an Error with a numeric code, as EIP-1193 describes', () => {
    const error = userRejected()
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'ProviderRpcError', code: 4001 })
    expect(error.message).toBe('User rejected the request.')
    expect('data' in error).toBe(false)
  })
})

describe('toProviderRpcError', () => {
  const url = 'http://127.0.0.1:8545'

  it('keeps the node’s code, message and data', () => {
    const rpc = new RpcRequestError({
      body: {},
      url,
      error: { code: 3, message: 'execution reverted: no', data: '0x08c379a0' },
    })
    expect(toProviderRpcError(new InternalRpcError(rpc))).toMatchObject({
      code: 3,
      message: 'execution reverted: no',
      data: '0x08c379a0',
    })
  })

  it('maps an unreachable node and anything else to -32603', () => {
    const down = new HttpRequestError({ url, details: 'fetch failed' })
    expect(toProviderRpcError(down)).toMatchObject({ code: -32603 })
    expect(toProviderRpcError('boom')).toMatchObject({ code: -32603, message: 'boom' })
    const own = new ProviderRpcError(4902, 'x')
    expect(toProviderRpcError(own)).toBe(own)
  })
})
