// Who may see and change what (product-spec.md section 6), in one place: a customer's rows are
// their own, an admin sees and changes everyone's. The services ask these rules; the routes hand
// them the caller as a Viewer (plugins/authentication.ts, viewerOf).
import type { Role } from '@platform/contracts';

/** The caller as the services see it. */
export interface Viewer {
  id: string;
  role: Role;
  /** The session the call came with (an account's credentials are revealed to one session). */
  sessionId: string;
}

/** An admin sees every row; anyone else only their own. */
export const seesEveryone = (viewer: Pick<Viewer, 'role'>) => viewer.role === 'admin';

/** Whose rows a list holds for the viewer: undefined for everyone's, else the viewer's id. */
export const ownerScope = (viewer: Pick<Viewer, 'id' | 'role'>): string | undefined =>
  seesEveryone(viewer) ? undefined : viewer.id;

/** Whether the viewer may see and change a row owned by `ownerId`. */
export const mayAccess = (viewer: Pick<Viewer, 'id' | 'role'>, ownerId: string | null | undefined) =>
  seesEveryone(viewer) || ownerId === viewer.id;
