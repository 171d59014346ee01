import { siwxMeResponseSchema } from '@latch/core/api'
import { useLatch, useLatchSignIn } from '@latch/react'
import { useState } from 'react'

/**
 * Sign in with the wallet (issue 30), as a host sees it: the connected account's session (kept
 * by the Latch server, so a reload keeps it), what the server says of its token (`GET
 * /v1/siwx/me`, as the host's own backend would ask), and Sign in / Sign out. Shown when the page
 * turned sign-in on (`?siwx=optional` or `?siwx=required`).
 */
export function SignInPanel({ serverUrl, projectId }: { serverUrl: string; projectId: string }) {
  const latch = useLatch()
  const { status, session } = useLatchSignIn()
  const [server, setServer] = useState<string>('')
  if (latch.options.siwx === undefined || status === 'idle') return null

  const askServer = async () => {
    if (!session?.token) return setServer('no token')
    const url = new URL('/v1/siwx/me', serverUrl)
    url.searchParams.set('projectId', projectId)
    const response = await fetch(url, { headers: { authorization: `Bearer ${session.token}` } })
    // Checked against the route's own schema, as a host's backend would read it.
    const me = siwxMeResponseSchema.safeParse(await response.json())
    setServer(
      response.ok && me.success
        ? `${me.data.session.data.chainId} ${me.data.session.data.accountAddress}`
        : `refused (${response.status})`,
    )
  }
  const report = (error: unknown) =>
    setServer(error instanceof Error ? error.message : String(error))

  return (
    <section aria-labelledby="sign-in-heading" className="card">
      <h2 id="sign-in-heading">Sign in with the wallet</h2>
      <dl>
        <dt>Status</dt>
        <dd id="siwx-status">{status}</dd>
        <dt>Signed in as</dt>
        <dd id="siwx-account">
          {session ? `${session.data.chainId} ${session.data.accountAddress}` : '—'}
        </dd>
        <dt>The server says</dt>
        <dd id="siwx-server" aria-live="polite">
          {server || '—'}
        </dd>
      </dl>
      <p>
        {session ? (
          <>
            <button type="button" onClick={() => void askServer().catch(report)}>
              Ask the server who I am
            </button>{' '}
            <button type="button" onClick={() => void latch.signOut().catch(report)}>
              Sign out
            </button>
          </>
        ) : (
          <button type="button" onClick={() => void latch.signIn().catch(report)}>
            Sign in
          </button>
        )}
      </p>
    </section>
  )
}
