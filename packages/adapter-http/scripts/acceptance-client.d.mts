export declare const interfacePath: string
export declare const typesPath: string
export declare const typesOf: (interfaceText: string) => Promise<string>
