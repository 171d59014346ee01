import { serializeTypedData, toHex, type Address, type TypedDataDefinition } from 'viem'
import { toEvmLatchError } from '../errors.js'
import type { Eip1193Provider } from '../provider.js'
import { expectSignature } from './results.js'

/** personal_sign of a plain-text message (hex-encoded on the wire, as wallets expect). */
export async function personalSign(provider: Eip1193Provider, address: Address, message: string) {
  try {
    return expectSignature(
      await provider.request({ method: 'personal_sign', params: [toHex(message), address] }),
    )
  } catch (error) {
    throw toEvmLatchError(error)
  }
}

/** eth_signTypedData_v4 (EIP-712); viem serializes bigints and validates the domain and types. */
export async function signTypedData(
  provider: Eip1193Provider,
  address: Address,
  typedData: TypedDataDefinition,
) {
  try {
    return expectSignature(
      await provider.request({
        method: 'eth_signTypedData_v4',
        params: [address, serializeTypedData(typedData)],
      }),
    )
  } catch (error) {
    throw toEvmLatchError(error)
  }
}
