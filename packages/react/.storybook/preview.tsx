import type { Preview } from '@storybook/react-vite'
import { destroyScene, renderScene, themedPage } from '../src/stories/story-latch.js'

/**
 * Every story is a real Latch instance driven into one state (its `scene` loader), rendered the
 * way a host renders it: `<LatchProvider>` with the modal. The Theme toolbar switches light and
 * dark; each story's scene is created in the toolbar's theme.
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
