// The server's side of a mini app's social login (issue 29, SPEC §2), scripted to its contract
// for the frame's tests: the start (with the host page's `returnUrl`), the callback's redirect
// back to that page with `result_uri`, then the result and the connect, which answer only with
// that URI's code, and give the session once. Every other call goes to the world's real server,
// so the session the connect hands over is a real one and the wallet is made there as after any
// login. Scripted rather than the real routes: the frame's side is what these tests are about.
import { randomBytes, randomUUID } from 'node:crypto'
import {
  SOCIAL_LOGIN_USED_TEXT,
  SOCIAL_API_PATHS,
  socialResultRequestSchema,
  socialResultUri,
  socialStartRequestSchema,
  type SocialConnectResponse,
  type SocialProvider,
  type SocialResultErrorCode,
} from '@latch/core/api'
import { PUBLIC_URL, type World } from './world.js'

/** How a flow ends at the provider: a session to give, or the result's error. */
export type FlowEnd =
  { session: SocialConnectResponse } | { error: { code: SocialResultErrorCode; message: string } }

/** One social call the frames made: its path and its body. */
export interface SocialCall {
  path: string
  body: unknown
}

export interface MiniAppServer {
  /** The frames' network: the social routes scripted, the rest to the world's server. */
  fetch: typeof fetch
  /** Every social call the frames made, in order. */
  calls: SocialCall[]
  /**
   * The provider sent the browser back for the flow started last: the result URI its page
   * comes back with. The result stays pending for `pendingPolls` polls first.
   */
  comeBack(end: FlowEnd, options?: { pendingPolls?: number }): string
}

interface Flow {
  flowId: string
  provider: SocialProvider
  code?: string
  end?: FlowEnd
  pendingPolls: number
  used: boolean
}

/** The server's refusal, as its error body has it. */
const refusal = (status: number, code: string, error: string) =>
  Response.json({ error, code }, { status })

/** A body the route's schema refuses (the frame broke the contract): the test sees the status. */
const invalid = () => Response.json({ error: 'Invalid request' }, { status: 400 })

export function miniAppServer(world: World): MiniAppServer {
  const calls: SocialCall[] = []
  const flows = new Map<string, Flow>()
  let last: Flow | undefined

  /** The flow a result or connect names, when its code is the one its result URI carried. */
  const returnedFlow = (body: unknown): Flow | Response => {
    const request = socialResultRequestSchema.safeParse(body)
    if (!request.success) return invalid()
    const flow = flows.get(request.data.flowId)
    if (!flow?.code || flow.code !== request.data.returnCode) {
      return refusal(404, 'FLOW_NOT_FOUND', 'No such social login')
    }
    if (flow.used) return refusal(409, 'FLOW_USED', SOCIAL_LOGIN_USED_TEXT)
    return flow
  }

  const routes: Record<string, (body: unknown) => Response> = {
    [SOCIAL_API_PATHS.start]: (body) => {
      const request = socialStartRequestSchema.safeParse(body)
      if (!request.success) return invalid()
      last = { flowId: randomUUID(), provider: request.data.provider, pendingPolls: 0, used: false }
      flows.set(last.flowId, last)
      return Response.json({
        uri: `https://accounts.provider.example/authorize?state=${randomUUID()}`,
        flowId: last.flowId,
        binding: randomBytes(32).toString('base64url'),
      })
    },
    [SOCIAL_API_PATHS.result]: (body) => {
      const flow = returnedFlow(body)
      if (flow instanceof Response) return flow
      if (!flow.end || flow.pendingPolls > 0) {
        flow.pendingPolls -= 1
        return Response.json({ status: 'pending' })
      }
      if ('error' in flow.end) return Response.json({ status: 'error', ...flow.end.error })
      return Response.json({ status: 'ready' })
    },
    [SOCIAL_API_PATHS.connect]: (body) => {
      const flow = returnedFlow(body)
      if (flow instanceof Response) return flow
      if (!flow.end || 'error' in flow.end || flow.pendingPolls > 0) {
        return refusal(409, 'FLOW_NOT_READY', 'This social login is not finished')
      }
      flow.used = true
      return Response.json(flow.end.session)
    },
  }

  return {
    calls,
    async fetch(input, init) {
      const request = new Request(input, init)
      const path = new URL(request.url).pathname
      const route = routes[path]
      if (!route) return world.fetch(request)
      const body: unknown = await request.json()
      calls.push({ path, body })
      return route(body)
    },
    comeBack(end, { pendingPolls = 0 } = {}) {
      if (!last) throw new Error('no flow was started')
      last.code = randomBytes(32).toString('base64url')
      last.end = end
      last.pendingPolls = pendingPolls
      return socialResultUri(PUBLIC_URL, {
        provider: last.provider,
        flowId: last.flowId,
        code: last.code,
      })
    },
  }
}
