import { afterFirstViewModule } from '@/shared/lib/use-after-first-view-module';

/** The button, its icon and texts come after the first view, for a signed-in account only. */
const useDocumentationButton = afterFirstViewModule(() => import('./documentation-button'));

/** Where the documentation button goes (SPEC §2 /documentation): the toolbar, or on a phone the menu's footer. */
export function DocumentationButtonSlot({ place }: { place: 'toolbar' | 'menu' }) {
  const parts = useDocumentationButton();
  return parts && <parts.DocumentationButton place={place} />;
}
