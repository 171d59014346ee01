import { describe, expect, it } from 'vitest'
import { summarize } from './summary.js'

describe('summarize', () => {
  it('describes each consent request in one short line', () => {
    expect(summarize('eth_requestAccounts', [])).toBe('Connect this site to your accounts')
    expect(summarize('personal_sign', ['0x68656c6c6f', '0x0'])).toBe('Sign message: hello')
    expect(summarize('personal_sign', ['plain text', '0x0'])).toBe('Sign message: plain text')
    expect(summarize('eth_signTypedData_v4', ['0x0', '{"primaryType":"Permit"}'])).toBe(
      'Sign Permit',
    )
    expect(summarize('eth_signTypedData_v4', ['0x0', '{broken'])).toBe('Sign typed data')
    expect(
      summarize('eth_sendTransaction', [
        { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0xde0b6b3a7640000' },
      ]),
    ).toBe('Send 1 ETH to 0x7099…79C8')
    expect(summarize('eth_sendTransaction', [{ data: '0x60' }])).toBe('Deploy a contract (0 ETH)')
    expect(summarize('wallet_addEthereumChain', [{ chainName: 'B', chainId: '0x7a6a' }])).toBe(
      'Add network B (0x7a6a)',
    )
    expect(summarize('wallet_sendCalls', [{ calls: [{}] }])).toBe('Send a batch of 1 call')
  })

  it('keeps binary messages as hex and cuts long text to 80 characters', () => {
    const hash = `0x${'00ff'.repeat(20)}`
    expect(summarize('personal_sign', [hash])).toBe(`Sign message: ${hash}`.slice(0, 79) + '…')
    const long = summarize('personal_sign', ['x'.repeat(500)])
    expect(long).toHaveLength(80)
    expect(long.endsWith('…')).toBe(true)
    expect(summarize('personal_sign', ['a\n\n  b'])).toBe('Sign message: a b')
  })
})
