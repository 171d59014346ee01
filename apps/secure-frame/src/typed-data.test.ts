// @vitest-environment jsdom
import { isHex, recoverTypedDataAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { domApprover, type Approver } from './approval.js'
import { handleRpc, type RpcContext } from './rpc.js'

// eth_signTypedData_v4 as the visitor sees it (finding 5): the domain (name, version), the chain
// and the verifying contract, and the primary type, beside the message.

const account = privateKeyToAccount(generatePrivateKey())
const CHAIN = { id: 31337, name: 'Latch Devnet A' }
const CONTRACT: Hex = '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC'

const typedData = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: CONTRACT },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  message: { contents: 'Hello, Bob!' },
}

function context(approve: Approver): RpcContext {
  return {
    account: async () => account,
    chain: () => CHAIN,
    switchChain: async () => undefined,
    approve,
    rpcUrl: () => 'http://127.0.0.1:1/rpc',
  }
}

/** Asks for `data` to be signed and returns the prompt's rows (label → value), then declines. */
async function prompt(data: unknown): Promise<{ rows: Record<string, string>; text: string }> {
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const controller = new AbortController()
  const shown = new Promise<{ rows: Record<string, string>; text: string }>((resolve) => {
    const approve = domApprover(root, () => ({}))
    const asked = handleRpc(
      context(async (request, signal) => {
        const answer = approve(request, signal)
        await new Promise((turn) => setTimeout(turn, 0))
        const rows: Record<string, string> = {}
        for (const row of root.querySelectorAll('dl > div')) {
          rows[row.querySelector('dt')?.textContent ?? ''] =
            row.querySelector('dd')?.textContent ?? ''
        }
        resolve({ rows, text: root.textContent ?? '' })
        return answer
      }),
      { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(data)] },
      { id: 'r-1', signal: controller.signal, notify: () => undefined },
    )
    void asked.catch(() => undefined)
  })
  const seen = await shown
  controller.abort()
  return seen
}

describe('eth_signTypedData_v4’s prompt (finding 5)', () => {
  it('shows the domain, the chain, the contract and the primary type, and the message', async () => {
    const { rows, text } = await prompt(typedData)
    expect(rows).toEqual({
      Type: 'Mail',
      Domain: 'Ether Mail',
      Version: '1',
      Chain: '31337 (Latch Devnet A)',
      Contract: CONTRACT,
    })
    expect(text).toContain('Hello, Bob!')
  })

  it('says when the domain is for another chain, and what the request left out', async () => {
    const { rows } = await prompt({
      ...typedData,
      domain: { chainId: '0x1', salt: `0x${'ab'.repeat(32)}` },
      types: { Mail: typedData.types.Mail },
    })
    expect(rows).toMatchObject({
      Domain: 'not given',
      Version: 'not given',
      Chain: '1: not the current network (Latch Devnet A)',
      Contract: 'not given',
      Salt: `0x${'ab'.repeat(32)}`,
    })
  })

  it('signs the domain it showed', async () => {
    const signature = await handleRpc(
      context(async () => true),
      { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(typedData)] },
      { id: 'r-2', signal: new AbortController().signal, notify: () => undefined },
    )
    if (!isHex(signature)) throw new Error('no signature')
    const { EIP712Domain: _, ...types } = typedData.types
    const recovered = await recoverTypedDataAddress({
      domain: typedData.domain,
      types,
      primaryType: 'Mail',
      message: typedData.message,
      signature,
    })
    expect(recovered).toBe(account.address)
  })

  it('refuses a domain type that leaves out a field it would show', async () => {
    const asked: string[] = []
    const { EIP712Domain, ...rest } = typedData.types
    const partial = {
      ...typedData,
      types: { ...rest, EIP712Domain: EIP712Domain.filter((f) => f.name !== 'verifyingContract') },
    }
    await expect(
      handleRpc(
        context(async (request) => {
          asked.push(request.method)
          return true
        }),
        { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(partial)] },
        { id: 'r-3', signal: new AbortController().signal, notify: () => undefined },
      ),
    ).rejects.toThrow('eth_signTypedData_v4 needs typed data')
    expect(asked).toEqual([])
  })
})
