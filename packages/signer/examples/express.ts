import { liveErrorBody, type VerifyRequestResult, verifyNodeRequest } from '@perpkit/signer'
import express, { type Express, type RequestHandler } from 'express'

const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])

// Runs before any body parser (no express.json() in front of it): it reads the body itself.
export const signed: RequestHandler = async (req, res, next) => {
  let result: VerifyRequestResult
  try {
    result = await verifyNodeRequest(req, {
      lookup: (apiKey) => keys.get(apiKey),
      parseJson: true, // a signed body that is not JSON: 400, code 40007
    })
  } catch (error) {
    // The client left mid-body. Express 4 does not catch a rejected middleware: without
    // this, one dropped upload is an unhandled rejection that ends the process.
    return next(error)
  }
  if (!result.ok) return void res.status(result.status).json(liveErrorBody(result))
  res.locals.apiKey = result.apiKey
  req.body = result.json // only signed bytes: undefined on GET and DELETE
  next()
}

export const app: Express = express()
app.use(signed)
app.get('/orders', (req, res) => void res.json({ by: res.locals.apiKey, symbol: req.query.symbol }))
app.post('/orders', (req, res) => void res.json({ by: res.locals.apiKey, order: req.body }))
// app.listen(8080)
