import { IconPlace } from '@/shared/components/icon-place';
import { afterFirstViewModule } from '@/shared/lib/use-after-first-view-module';
import { useSession } from '@/shared/session/session-store';

/** The button, its icon and texts come after the first view, for a signed-in account only. */
const useDocumentationButton = afterFirstViewModule(() => import('./documentation-button'));

/** Where the documentation button goes (SPEC §2 /documentation): the toolbar, or on a phone the menu's footer. */
export function DocumentationButtonSlot({ place }: { place: 'toolbar' | 'menu' }) {
  const parts = useDocumentationButton();
  const signedIn = useSession((state) => state.status === 'authenticated');
  if (parts) return <parts.DocumentationButton place={place} />;
  // Its room in the toolbar is kept until it comes.
  return signedIn && place === 'toolbar' && <IconPlace />;
}
