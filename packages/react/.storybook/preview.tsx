import type { Preview } from '@storybook/react-vite'
import { destroyScene, renderScene, themedPage } from '../src/stories/story-latch.js'

/**
 * Every story is a real Latch instance driven into one state (its `scene` loader), rendered the
 * way a host renders it: `<LatchProvider>` with the modal. The Theme toolbar switches light and
 * dark; each theme is its own instance, since `themeMode` is a `createLatch` option.
 */
const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Latch themeMode',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [themedPage],
  render: (_args, { loaded }) => renderScene(loaded),
  beforeEach: ({ loaded }) => destroyScene(loaded),
  parameters: {
    layout: 'fullscreen',
    // The stories take no args: each state is a scene, not a set of props.
    controls: { disable: true },
    actions: { disable: true },
  },
}

export default preview
