import { isUnrecognizedChainError, LatchError, rpcErrorCode } from '@latch/core'
import {
  ChainNotFoundError,
  ClientChainNotConfiguredError,
  HttpRequestError,
  InternalRpcError,
  InvalidChainIdError,
  RpcRequestError,
  SwitchChainError,
  TimeoutError,
  UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { httpStatusOf, toEvmLatchError } from './errors.js'

const url = 'http://127.0.0.1:8545'
const walletError = (code: number, message: string) => Object.assign(new Error(message), { code })

describe('user rejections → USER_REJECTED', () => {
  it.each([
    ['code 4001 from a wallet', walletError(4001, 'Request denied')],
    ["viem's UserRejectedRequestError", new UserRejectedRequestError(new Error('nope'))],
    ["a 'user rejected' text", new Error('MetaMask Tx Signature: User rejected the request.')],
    ["a 'connection request reset' text", new Error('Connection request reset. Please try again.')],
    ['a plain EIP-1193 error object', { code: 4001, message: 'denied' }],
  ])('%s', (_, error) => {
    const mapped = toEvmLatchError(error)
    expect(mapped.code).toBe('USER_REJECTED')
    expect(mapped.message).toBe('User rejected the request.')
    expect(mapped.cause).toBe(error)
  })
})

describe('unknown chains keep their code for the network machine', () => {
  it.each([
    ['4902 from a wallet', walletError(4902, 'Unrecognized chain ID "0x539".'), 4902],
    ["viem's SwitchChainError", new SwitchChainError(new Error('unknown')), 4902],
    ['-32603 from a wallet', walletError(-32603, 'Internal error'), -32603],
    ["viem's InternalRpcError", new InternalRpcError(new Error('internal')), -32603],
    ['5000 from a WalletConnect wallet', walletError(5000, 'Unknown chain'), 5000],
  ])('%s', (_, error, code) => {
    const mapped = toEvmLatchError(error)
    expect(mapped).toBeInstanceOf(LatchError)
    expect(mapped.cause).toBe(error)
    expect(rpcErrorCode(mapped)).toBe(code)
    expect(isUnrecognizedChainError(mapped)).toBe(true)
  })
})

describe('catalogue errors, with the SPEC texts', () => {
  it.each([
    [
      "viem's ClientChainNotConfiguredError",
      new ClientChainNotConfiguredError(),
      'CHAIN_NOT_CONFIGURED',
      'Chain not configured.',
    ],
    [
      "viem's ChainNotFoundError",
      new ChainNotFoundError(),
      'CHAIN_NOT_CONFIGURED',
      'Chain not configured.',
    ],
    [
      'a ChainNotConfiguredError',
      Object.assign(new Error('x'), { name: 'ChainNotConfiguredError' }),
      'CHAIN_NOT_CONFIGURED',
      'Chain not configured.',
    ],
    [
      "the text 'Chain not configured.'",
      new Error('Chain not configured.'),
      'CHAIN_NOT_CONFIGURED',
      'Chain not configured.',
    ],
    [
      'a ConnectorAlreadyConnectedError',
      Object.assign(new Error('x'), { name: 'ConnectorAlreadyConnectedError' }),
      'CONNECTOR_ALREADY_CONNECTED',
      'Connector already connected.',
    ],
    [
      "the text 'Connector already connected.'",
      new Error('Connector already connected.'),
      'CONNECTOR_ALREADY_CONNECTED',
      'Connector already connected.',
    ],
    [
      'a ConnectorNotConnectedError',
      Object.assign(new Error('x'), { name: 'ConnectorNotConnectedError' }),
      'CONNECTOR_NOT_CONNECTED',
      'Connector not connected.',
    ],
    [
      'a ProviderNotFoundError',
      Object.assign(new Error('x'), { name: 'ProviderNotFoundError' }),
      'PROVIDER_NOT_FOUND',
      'Provider not found.',
    ],
    [
      "the text 'Provider not found.'",
      new Error('Provider not found.'),
      'PROVIDER_NOT_FOUND',
      'Provider not found.',
    ],
    [
      "viem's InvalidChainIdError",
      new InvalidChainIdError({ chainId: 2 ** 31 }),
      'INVALID_CHAIN_ID',
      'Invalid chainId',
    ],
    [
      'an AbortError',
      new DOMException('The operation was aborted.', 'AbortError'),
      'REQUEST_ABORTED',
      'Request was aborted',
    ],
  ])('%s', (_, error, code, message) => {
    const mapped = toEvmLatchError(error)
    expect(mapped.code).toBe(code)
    expect(mapped.message).toBe(message)
    expect(mapped.cause).toBe(error)
  })
})

describe('HTTP failures → HTTP_STATUS', () => {
  it("maps viem's HttpRequestError to 'HTTP status code: {n}'", () => {
    const error = new HttpRequestError({ url, status: 503, body: { method: 'eth_chainId' } })
    const mapped = toEvmLatchError(error)
    expect(mapped.code).toBe('HTTP_STATUS')
    expect(mapped.message).toBe('HTTP status code: 503')
    expect(mapped.values).toEqual({ status: 503 })
  })

  it('finds the status deep in the cause chain, and on a JSON-RPC error from a non-2xx reply', () => {
    const http = new HttpRequestError({ url, status: 429, body: {} })
    expect(toEvmLatchError(new InternalRpcError(http)).message).toBe('HTTP status code: 429')
    const rpc = new RpcRequestError({
      body: {},
      error: { code: -32000, message: 'busy' },
      url,
      status: 502,
    })
    expect(httpStatusOf(rpc)).toBe(502)
    expect(toEvmLatchError(rpc).message).toBe('HTTP status code: 502')
  })

  it('gives no status for a JSON-RPC error sent with HTTP 200', () => {
    const rpc = new RpcRequestError({ body: {}, error: { code: -32000, message: 'nope' }, url })
    expect(httpStatusOf(rpc)).toBeUndefined()
    expect(toEvmLatchError(rpc).code).toBe('UNKNOWN_ERROR')
  })
})

describe('everything else → UNKNOWN_ERROR', () => {
  it.each([
    ["viem's TimeoutError", new TimeoutError({ body: {}, url })],
    ['a plain Error', new Error('boom')],
    ['a string', 'boom'],
    ['undefined', undefined],
    [
      'a name or text that is an Object.prototype key',
      Object.assign(new Error('toString'), { name: 'constructor' }),
    ],
  ])('%s, keeping the original as cause', (_, error) => {
    const mapped = toEvmLatchError(error)
    expect(mapped.code).toBe('UNKNOWN_ERROR')
    expect(mapped.message).toBe('Unknown error')
    expect(mapped.cause).toBe(error)
  })

  it('passes a LatchError through unchanged', () => {
    const error = new LatchError('CHAIN_NOT_SUPPORTED')
    expect(toEvmLatchError(error)).toBe(error)
  })
})
