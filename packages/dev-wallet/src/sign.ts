import { isHex, type Hex, type PrivateKeyAccount, type TypedDataDefinition } from 'viem'
import { invalidParams } from './errors.js'

/** personal_sign's message: hex is signed as raw bytes (the norm), other text as UTF-8. */
export function personalSign(account: PrivateKeyAccount, message: string): Promise<Hex> {
  return account.signMessage({ message: isHex(message) ? { raw: message } : message })
}

/** Parses eth_signTypedData_v4's typed data, given as JSON text or as an object. */
export function parseTypedData(input: unknown): TypedDataDefinition {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      throw invalidParams('typed data is not valid JSON')
    }
  }
  if (typeof value !== 'object' || value === null) throw invalidParams('typed data is missing')
  const { domain, types, primaryType, message } = value as Record<string, unknown>
  if (typeof types !== 'object' || types === null) throw invalidParams('typed data needs types')
  if (typeof primaryType !== 'string') throw invalidParams('typed data needs a primaryType')
  if (typeof message !== 'object' || message === null)
    throw invalidParams('typed data needs a message')
  return {
    domain: (domain ?? {}) as TypedDataDefinition['domain'],
    types,
    primaryType,
    message,
  } as TypedDataDefinition
}

/** Signs already parsed typed data (parse first, so bad input fails before the user is asked). */
export async function signTypedData(
  account: PrivateKeyAccount,
  typedData: TypedDataDefinition,
): Promise<Hex> {
  try {
    return await account.signTypedData(typedData)
  } catch (error) {
    // viem checks the message against its types; a mismatch is the dapp's parameter error.
    throw invalidParams(error instanceof Error ? error.message.split('\n')[0]! : String(error))
  }
}
