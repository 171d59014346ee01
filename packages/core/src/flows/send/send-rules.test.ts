import { describe, expect, it } from 'vitest'
import { messageFor } from '../../errors/catalogue.js'
import {
  account,
  cosmosNetwork,
  erc20Token,
  EVM_RECEIVER,
  EVM_SENDER,
  evmNetwork,
  MAINNET_BTC_RECEIVER,
  nativeToken,
  otherEvmNetwork,
  REGTEST_RECEIVER,
  regtestNetwork,
  SOLANA_RECEIVER,
  solanaNetwork,
  TOKEN_CONTRACT,
} from '../../test/send-fixtures.js'
import { encodeErc20Transfer } from './erc20-transfer.js'
import { feeDisplay, planSend, readSendAmount, sendProblem, type SendForm } from './send-rules.js'

const eth = nativeToken(evmNetwork, '1.5', 3000)
const problem = (form: SendForm, network = evmNetwork, fee?: bigint) =>
  sendProblem(form, account(network), fee)?.message

describe('readSendAmount (SPEC §5: not a number is zero)', () => {
  it.each([
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['  2 ', 6, 2_000_000n],
    ['.5', 1, 5n],
    ['0.1234567', 6, 123_456n],
  ])('reads %j with %i decimals', (text, decimals, expected) => {
    expect(readSendAmount(text, decimals)).toBe(expected)
  })

  it.each([['abc'], [''], ['.'], ['-1'], ['1e18'], ['1.2.3'], ['NaN'], ['Infinity'], ['1,5']])(
    'reads %j as zero',
    (text) => {
      expect(readSendAmount(text, 18)).toBe(0n)
    },
  )

  it('reads a missing amount as zero', () => {
    expect(readSendAmount(undefined, 18)).toBe(0n)
  })
})

describe('planSend: the SPEC texts, in order', () => {
  const full = { token: eth, sendTokenAmount: '1', receiverAddress: EVM_RECEIVER }

  it("any namespace but eip155, solana and bip122: 'Unsupported chain'", () => {
    expect(problem(full, cosmosNetwork)).toBe('Unsupported chain')
  })

  it("EVM without a token: 'A token is required'", () => {
    expect(problem({ ...full, token: undefined })).toBe('A token is required')
  })

  it("EVM with a token of another chain: 'A token is required'", () => {
    expect(problem(full, otherEvmNetwork)).toBe('A token is required')
  })

  it.each([
    ['no amount', { ...full, sendTokenAmount: undefined }],
    ['a zero amount', { ...full, sendTokenAmount: '0' }],
    ['an amount that is not a number', { ...full, sendTokenAmount: 'ten' }],
    ['no receiver', { ...full, receiverAddress: undefined }],
    ['a blank receiver', { ...full, receiverAddress: '   ' }],
  ])("%s: 'An amount and receiver address are required'", (_, form) => {
    expect(problem(form)).toBe('An amount and receiver address are required')
  })

  it('an address of another namespace is refused with the address rule', () => {
    expect(problem({ ...full, receiverAddress: SOLANA_RECEIVER })).toBe(
      messageFor('INVALID_CAIP_ADDRESS'),
    )
  })

  it("a mainnet Bitcoin address on regtest names both networks (assertAddressOnNetwork's rule)", () => {
    const form = { sendTokenAmount: '0.1', receiverAddress: MAINNET_BTC_RECEIVER }
    expect(problem(form, regtestNetwork)).toMatch(/Bitcoin mainnet .* Bitcoin Regtest/)
  })

  it('a native send must fit in the balance less the estimated fee', () => {
    const fee = 10n ** 17n
    expect(problem({ ...full, sendTokenAmount: '1.4' }, evmNetwork, fee)).toBeUndefined()
    expect(problem({ ...full, sendTokenAmount: '1.41' }, evmNetwork, fee)).toBe(
      'Insufficient ETH balance',
    )
    expect(problem({ ...full, sendTokenAmount: '1.5' })).toBeUndefined()
  })

  it('an ERC-20 send is checked against the token balance alone (the fee is paid in ETH)', () => {
    const token = erc20Token('100')
    expect(problem({ ...full, token, sendTokenAmount: '100' }, evmNetwork, 10n ** 30n)).toBe(
      undefined,
    )
    expect(problem({ ...full, token, sendTokenAmount: '100.000001' })).toBe(
      'Insufficient LTT balance',
    )
  })

  it('a token contract outside EVM is refused: only the native coin is sent there', () => {
    const token = erc20Token('5', solanaNetwork)
    const form = { token, sendTokenAmount: '1', receiverAddress: SOLANA_RECEIVER }
    expect(problem(form, solanaNetwork)).toBe('Only SOL can be sent on Solana')
  })
})

describe('planSend: the request for the adapter', () => {
  it('a native send sends the value to the receiver', () => {
    const plan = planSend(
      { token: eth, sendTokenAmount: '1.25', receiverAddress: EVM_RECEIVER },
      account(),
    )
    expect(plan).toEqual({
      kind: 'native',
      namespace: 'eip155',
      amount: 1_250_000_000_000_000_000n,
      request: {
        connectorId: 'io.latch.devwallet',
        network: evmNetwork,
        from: EVM_SENDER,
        to: EVM_RECEIVER,
        value: 1_250_000_000_000_000_000n,
      },
    })
  })

  it('an ERC-20 send is a transfer call to the token contract, with no value', () => {
    const plan = planSend(
      { token: erc20Token('100'), sendTokenAmount: '2.5', receiverAddress: EVM_RECEIVER },
      account(),
    )
    expect(plan.kind).toBe('erc20')
    expect(plan.request).toMatchObject({
      to: TOKEN_CONTRACT,
      value: 0n,
      data: encodeErc20Transfer(EVM_RECEIVER, 2_500_000n),
    })
  })

  it('Solana and Bitcoin need no token: the native coin at its decimals', () => {
    const sol = planSend(
      { sendTokenAmount: '0.5', receiverAddress: SOLANA_RECEIVER },
      account(solanaNetwork),
    )
    expect(sol.request).toMatchObject({ to: SOLANA_RECEIVER, value: 500_000_000n })
    const btc = planSend(
      { sendTokenAmount: '0.001', receiverAddress: REGTEST_RECEIVER },
      account(regtestNetwork),
    )
    expect(btc.request).toMatchObject({ to: REGTEST_RECEIVER, value: 100_000n })
  })
})

describe('feeDisplay', () => {
  it('shows the fee in the native token, and in USD where a price exists', () => {
    const fee = 21_000n * 2_000_000_000n
    expect(feeDisplay(fee, evmNetwork, [eth])).toEqual({
      amount: '0.000042',
      symbol: 'ETH',
      usd: 0.000042 * 3000,
    })
    expect(feeDisplay(fee, evmNetwork, [nativeToken(evmNetwork, '1')])).toEqual({
      amount: '0.000042',
      symbol: 'ETH',
    })
  })
})
