export declare const ROOT: string;
export declare function ensureClientBuilt(): boolean;
export declare function ensureClientBuiltMeanwhile(): Promise<boolean>;
