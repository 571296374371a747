import { describe, expect, it } from "@effect/vitest"
import { LanguageSettings } from "@tidemark/core"
import { Either, Option, Schema } from "effect"

const setting = (fields: ConstructorParameters<typeof LanguageSettings.LanguageSetting>[0]) => LanguageSettings.LanguageSetting.make(fields)

describe("LanguageSettings", () => {
  it("gives the analysis the added extensions and the disabled languages under the measures' names", () => {
    const settings = LanguageSettings.analysisLanguageSettings([
      setting({ language: "Shell", enabled: false, extensions: [".bash"] }),
      setting({ language: "Python", enabled: true, extensions: [".pyw"] }),
      setting({ language: "CSS", enabled: false, extensions: [] }),
      setting({ language: "Go", enabled: true, extensions: [] })
    ])
    expect(settings).toStrictEqual({
      extraExtensions: { "Bourne Shell": [".bash"], Python: [".pyw"] },
      disabledLanguages: ["Bourne Shell", "CSS"]
    })
    expect(LanguageSettings.analysisLanguageSettings([])).toStrictEqual({ extraExtensions: {}, disabledLanguages: [] })
  })

  it("a change applies to the stored setting, a never configured language starting enabled without extensions", () => {
    const change = LanguageSettings.LanguageSettingChange.make({ language: "Go", extensions: [".tpl"] })
    expect(LanguageSettings.settingAfter(undefined, change)).toStrictEqual(setting({ language: "Go", enabled: true, extensions: [".tpl"] }))
    expect(LanguageSettings.settingAfter(setting({ language: "Go", enabled: false, extensions: [] }), change))
      .toStrictEqual(setting({ language: "Go", enabled: false, extensions: [".tpl"] }))
  })

  it("names a language by its service name in any case, and reports a conflict with what is stored", () => {
    const stored = [setting({ language: "HTML", enabled: true, extensions: [".tpl"] })]
    const changes = LanguageSettings.changesOf(stored, [{ field: "languages[0]", name: "yaml", extensions: [".YML", ".yaml.dist"] }])
    expect(changes).toStrictEqual(Either.right([LanguageSettings.LanguageSettingChange.make({ language: "YAML", extensions: [".yaml.dist"] })]))
    const conflict = LanguageSettings.changesOf(stored, [{ field: "languages[0]", name: "Markdown", extensions: [".tpl"] }])
    expect(Either.getLeft(conflict)).toMatchObject(Option.some({ _tag: "ConfigurationConflict" }))
    // Moving the extension from one language to the other in one change is allowed.
    expect(Either.isRight(LanguageSettings.changesOf(stored, [
      { field: "languages[0]", name: "Markdown", extensions: [".tpl"] },
      { field: "languages[1]", name: "HTML", extensions: [] }
    ]))).toBe(true)
  })

  it("an extension is a file name ending without spaces or slashes", () => {
    const valid = Schema.is(LanguageSettings.Extension)
    expect([".es6", "-css.resource", ".d.ts"].every(valid)).toBe(true)
    expect(["", "a b", "src/x", "..\\x", "x".repeat(65)].some(valid)).toBe(false)
  })
})
