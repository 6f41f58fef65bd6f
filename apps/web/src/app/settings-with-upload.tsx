// The Settings view with the upload dialog handed in: the two features meet here, not in each
// other (STYLE.md, Web).
import { SettingsView } from '../features/settings/settings-view';
import { UploadDialog } from '../features/upload/components/upload-dialog';

export function SettingsWithUpload() {
  return <SettingsView UploadDialog={UploadDialog} />;
}
