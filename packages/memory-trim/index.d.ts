/** glibc's malloc_trim(0): true when pages were given back to the system. Absent when the addon was not built. */
export declare const trim: (() => boolean) | undefined;
