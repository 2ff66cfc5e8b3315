/** The app's own name, version and the licences of what it ships (built into the renderer; About). */
export interface BundledLicense {
  name: string;
  version: string;
  license: string;
}

export interface AppInfo {
  name: string;
  version: string;
  licenses: BundledLicense[];
}
