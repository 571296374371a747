export interface AcceptanceDefinition {
  readonly interfacePath: string
  readonly typesPath: string
}
export declare const definitions: {
  readonly "issues-files": AcceptanceDefinition
  readonly "commits-pulls": AcceptanceDefinition
  readonly "languages-tools": AcceptanceDefinition
  readonly "triage-setup": AcceptanceDefinition
  readonly security: AcceptanceDefinition
}
export declare const interfacePath: string
export declare const typesPath: string
export declare const typesOf: (interfaceText: string) => Promise<string>
