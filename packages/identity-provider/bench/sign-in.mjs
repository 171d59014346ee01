// `pnpm bench` for @latch/identity-provider: how long startIdentityProvider() takes (six
// oidc-provider instances, their keys made at start), and the identity provider's share of one
// social login: authorization URL → sign-in page → Approve → redirect (signInAtProvider, by
// fetch), the code exchange, and the user-info read (GitHub) or the id_token (Google). A figure,
// not a test: nothing here fails on speed. Offline: 127.0.0.1 only.
import { createHash, randomBytes } from 'node:crypto'
import { localClients, startIdentityProvider } from '../dist/index.js'
import { signInAtProvider } from '../dist/testing/index.js'

const STARTS = Number(process.env.LATCH_BENCH_STARTS ?? 5)
const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 20)

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  const f = (n) => `${n.toFixed(1)} ms`.padStart(10)
  return `median ${f(at(0.5))}  p90 ${f(at(0.9))}  min ${f(sorted[0])}  max ${f(sorted.at(-1))}`
}

const clients = localClients((id) => `http://127.0.0.1:9/callback/${id}`)

const starts = []
for (let i = 0; i < STARTS; i++) {
  const t0 = performance.now()
  const idp = await startIdentityProvider({ clients })
  starts.push(performance.now() - t0)
  await idp.stop()
}

/** One login against `provider`, as the Latch server and a person would do it. */
async function login(idp, provider, scope) {
  const client = clients[provider]
  const verifier = randomBytes(32).toString('base64url')
  const url = new URL(idp.providers[provider].authorizationEndpoint)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUris[0],
    scope,
    state: 'bench',
    nonce: 'bench',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()
  const { params } = await signInAtProvider(url.href, { username: 'alice' })
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')
  const response = await fetch(idp.providers[provider].tokenEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${basic}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code'),
      redirect_uri: client.redirectUris[0],
      code_verifier: verifier,
    }),
  })
  const tokens = await response.json()
  if (!response.ok) throw new Error(JSON.stringify(tokens))
  if (provider === 'github') {
    await fetch(idp.providers.github.userInfoEndpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    }).then((user) => user.json())
  }
}

const idp = await startIdentityProvider({ clients })
const logins = { github: [], google: [] }
try {
  for (let i = 0; i < RUNS; i++) {
    for (const [provider, scope] of [
      ['github', 'read:user user:email'],
      ['google', 'openid email profile'],
    ]) {
      const t0 = performance.now()
      await login(idp, provider, scope)
      logins[provider].push(performance.now() - t0)
    }
  }
} finally {
  await idp.stop()
}
console.log(`@latch/identity-provider  start (${STARTS}×)                    ${summary(starts)}`)
console.log(
  `@latch/identity-provider  GitHub login + /user (${RUNS}×)       ${summary(logins.github)}`,
)
console.log(
  `@latch/identity-provider  Google login + id_token (${RUNS}×)    ${summary(logins.google)}`,
)
