import type { RouteOf, ViewName } from '@latch/core'

/**
 * A view receives its own route, so its data is typed (e.g. SwitchNetwork gets `network`). Its own
 * module, which imports no view: the views import it, and the registry imports the views.
 */
export type ViewProps<V extends ViewName> = { route: RouteOf<V> }
