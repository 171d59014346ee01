import { describe, expect, it } from 'vitest'
import { encodeError, encodeRequest, encodeResult, parseFrame } from './jsonrpc.js'

describe('parseFrame', () => {
  it('reads requests with string or safe-integer ids', () => {
    expect(
      parseFrame('{"id":"1795303668022870528","jsonrpc":"2.0","method":"irn_publish","params":{}}'),
    ).toEqual({
      kind: 'request',
      id: '1795303668022870528',
      method: 'irn_publish',
      params: {},
    })
    expect(parseFrame('{"id":7,"jsonrpc":"2.0","method":"m"}')).toMatchObject({
      kind: 'request',
      id: 7,
    })
  })

  it('reads acks and error responses', () => {
    expect(parseFrame('{"id":3,"jsonrpc":"2.0","result":true}')).toEqual({
      kind: 'result',
      id: 3,
      result: true,
    })
    expect(parseFrame('{"id":3,"jsonrpc":"2.0","error":{"code":-1,"message":"no"}}')).toEqual({
      kind: 'error',
      id: 3,
    })
  })

  it.each([
    ['not JSON', '{"id":', 'parse', null],
    ['a JSON array (batch)', '[{"id":1}]', 'invalidRequest', null],
    ['a JSON string', '"hello"', 'invalidRequest', null],
    ['null', 'null', 'invalidRequest', null],
    ['no jsonrpc version', '{"id":"a","method":"m"}', 'invalidRequest', 'a'],
    ['an object id', '{"id":{},"jsonrpc":"2.0","method":"m"}', 'invalidRequest', null],
    [
      'an unsafe integer id',
      '{"id":9007199254740993,"jsonrpc":"2.0","method":"m"}',
      'invalidRequest',
      null,
    ],
    ['a non-string method', '{"id":1,"jsonrpc":"2.0","method":5}', 'invalidRequest', 1],
  ])('flags %s as invalid', (_label, text, error, id) => {
    expect(parseFrame(text)).toEqual({ kind: 'invalid', error, id })
  })
})

describe('encoders', () => {
  it('build JSON-RPC 2.0 frames', () => {
    expect(JSON.parse(encodeResult('x', true))).toEqual({ id: 'x', jsonrpc: '2.0', result: true })
    expect(JSON.parse(encodeError(null, 'parse'))).toEqual({
      id: null,
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: the frame is not JSON' },
    })
    expect(JSON.parse(encodeError(4, 'invalidParams', 'topic bad'))).toMatchObject({
      error: { code: -32602, message: 'Invalid params: topic bad' },
    })
    expect(JSON.parse(encodeRequest(1, 'irn_subscription', { id: 's' }))).toEqual({
      id: 1,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: 's' },
    })
  })
})
