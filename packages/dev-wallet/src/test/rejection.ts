import type { ProviderRpcError } from '../errors.js'

/** The error a request fails with; throws when it succeeds instead. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await promise
  } catch (error) {
    return error as ProviderRpcError
  }
  throw new Error('expected the request to fail')
}
