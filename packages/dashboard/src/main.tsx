import { render } from "preact"
import { App } from "./App.js"
import "./style.css"

const root = document.getElementById("app")
if (root === null) throw new Error("index.html has no #app element")
render(<App />, root)
