// The frame page of the Chromium test: an endpoint allowing the origins in `data-allowed`,
// exposed as `window.latchEndpoint`, whose RPC handler asks for approval like the real frame.
import { createFrameEndpoint } from '../../frame/endpoint.js'
import { sampleHandlers, samples } from '../samples.js'

const allowed: unknown = JSON.parse(document.documentElement.dataset.allowed ?? '[]')
const endpoint = createFrameEndpoint({
  allowedParentOrigins: Array.isArray(allowed) ? allowed.map(String) : [],
  handlers: {
    ...sampleHandlers(),
    RPC_REQUEST: (payload, context) => {
      context.notify('FRAME_APPROVAL_REQUESTED', { id: context.id, method: payload.method })
      context.notify('FRAME_APPROVAL_SETTLED', { id: context.id, approved: true })
      return samples.RPC_REQUEST.success
    },
  },
})
Object.assign(window, {
  latchEndpoint: endpoint,
  reportedParent: location.ancestorOrigins?.[0],
})
