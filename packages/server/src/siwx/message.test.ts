import {
  SIWX_SESSION_TTL_SECONDS,
  siwxMessageDataSchema,
  solanaSignInChainId,
} from '@latch/core/api'
import { parseSignInMessageText } from '@solana/wallet-standard-util'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { parseSiweMessage } from 'viem/siwe'
import { canonicalAddress, formatSiwxMessage, newNonce, siwxMessageData } from './message.js'

const NOW = Date.UTC(2030, 0, 2, 3, 4, 5, 678)
const context = { domain: 'app.example:8443', nonce: 'a1b2c3d4e5f6a7b8c9d0', now: NOW }
const base = { uri: 'https://app.example:8443/login', statement: 'Sign in to Example' }

describe('sign-in messages', () => {
  it('writes fresh 32-digit alphanumeric nonces', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) expect(nonce).toMatch(/^[a-f0-9]{32}$/)
  })

  it("fills SPEC §3's data with the server's nonce and times, seven days to expiry", () => {
    const data = siwxMessageData(
      {
        ...base,
        chainId: 'eip155:1',
        accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        requestId: 'r-1',
        resources: ['https://app.example/terms'],
      },
      context,
    )
    expect(z.parse(siwxMessageDataSchema, data)).toEqual({
      chainId: 'eip155:1',
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      nonce: context.nonce,
      domain: 'app.example:8443',
      uri: base.uri,
      version: '1',
      issuedAt: '2030-01-02T03:04:05.678Z',
      expirationTime: new Date(NOW + SIWX_SESSION_TTL_SECONDS * 1000).toISOString(),
      statement: base.statement,
      requestId: 'r-1',
      resources: ['https://app.example/terms'],
    })
  })

  it('spells an EVM account in EIP-55 whatever its case or prefix, other accounts as given', () => {
    const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(canonicalAddress('eip155:1', checksummed.toUpperCase().replace('0X', '0x'))).toBe(
      checksummed,
    )
    expect(canonicalAddress('eip155:1', checksummed.slice(2).toLowerCase())).toBe(checksummed)
    const solana = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect(canonicalAddress('solana:localnet', solana)).toBe(solana)
  })

  it('writes EIP-4361 for eip155, which viem parses back to the same fields', () => {
    const data = siwxMessageData(
      {
        ...base,
        chainId: 'eip155:31337',
        accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      },
      context,
    )
    const text = formatSiwxMessage(data)
    expect(text.split('\n').slice(0, 4)).toEqual([
      'app.example:8443 wants you to sign in with your Ethereum account:',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      'Sign in to Example',
    ])
    expect(parseSiweMessage(text)).toMatchObject({
      address: data.accountAddress,
      chainId: 31337,
      domain: data.domain,
      nonce: data.nonce,
      uri: data.uri,
      version: '1',
      issuedAt: new Date(NOW),
      expirationTime: new Date(data.expirationTime!),
    })
  })

  it('writes Sign In With Solana, with the cluster name as its Chain ID for the chains SIWS names', () => {
    const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const data = siwxMessageData(
      { ...base, chainId: 'solana:localnet', accountAddress: address },
      context,
    )
    const text = formatSiwxMessage(data)
    expect(
      text.startsWith('app.example:8443 wants you to sign in with your Solana account:\n'),
    ).toBe(true)
    expect(parseSignInMessageText(text)).toMatchObject({
      domain: data.domain,
      address,
      statement: base.statement,
      uri: base.uri,
      version: '1',
      chainId: 'localnet',
      nonce: data.nonce,
      issuedAt: data.issuedAt,
      expirationTime: data.expirationTime,
    })
    expect(solanaSignInChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('mainnet')
    expect(solanaSignInChainId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('devnet')
    // A chain SIWS has no name for keeps its CAIP-2 id.
    expect(solanaSignInChainId('solana:abcdef')).toBe('solana:abcdef')
  })

  it("writes CAIP-122's text for bip122, line for line as EIP-4361 lays it out", () => {
    const address = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
    const chainId: `${string}:${string}` = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    const request = {
      ...base,
      chainId,
      accountAddress: address,
      resources: ['https://a.example/x'],
    }
    const expiry = new Date(NOW + SIWX_SESSION_TTL_SECONDS * 1000).toISOString()
    const fields = [
      'URI: https://app.example:8443/login',
      'Version: 1',
      `Chain ID: ${chainId}`,
      `Nonce: ${context.nonce}`,
      'Issued At: 2030-01-02T03:04:05.678Z',
      `Expiration Time: ${expiry}`,
    ]
    expect(formatSiwxMessage(siwxMessageData(request, context))).toBe(
      [
        'app.example:8443 wants you to sign in with your Bitcoin account:',
        address,
        '',
        'Sign in to Example',
        '',
        ...fields,
        'Resources:',
        '- https://a.example/x',
      ].join('\n'),
    )
    // Without a statement its line stays, empty, as in EIP-4361.
    const bare = siwxMessageData({ chainId, accountAddress: address, uri: base.uri }, context)
    expect(formatSiwxMessage(bare)).toBe(
      [
        'app.example:8443 wants you to sign in with your Bitcoin account:',
        address,
        '',
        '',
        ...fields,
      ].join('\n'),
    )
  })
})
