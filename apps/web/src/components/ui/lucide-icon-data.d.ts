// Each of lucide-react's icon modules exports, beside its component, the icon's drawing as SVG
// elements (`__iconData`), which its published types leave out. Every icon module has the same
// declaration file, so declaring it for one declares it for all. icons.tsx draws from it, and its
// test fails if a new version of the package stops exporting it.
// (A module itself, so that this adds to the package's declaration instead of replacing it.)
export {};

declare module 'lucide-react/icons/eye' {
  export const __iconData: {
    name: string;
    aliases?: string[];
    node: [tag: string, attributes: Record<string, string>][];
  };
}
