export declare const ROOT: string;
export declare function ensureClientBuilt(): boolean;
