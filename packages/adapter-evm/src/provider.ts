/** The EIP-1193 surface the adapter uses; every injected wallet and the dev wallet provide it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** SPEC §9: the wallet gets 100 ms to revoke permissions on disconnect; we don't wait longer. */
export const PERMISSION_REVOKE_TIMEOUT_MS = 100

/** Resolves with the request's result, or with `undefined` once `ms` pass, whichever is first. */
export function requestWithin<T>(
  provider: Eip1193Provider,
  args: { method: string; params?: unknown },
  ms: number,
): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([provider.request(args) as Promise<T>, timeout]).finally(() =>
    clearTimeout(timer),
  )
}
